// How tool layers compose: plain layers wrap the executor below them, consecutive HookLayers run
// side by side in one frame, and both keep one order (the first listed is the outermost) and one
// failure rule (a failure reaches the layers above the one that failed, nearest first).
import { describe, expect, it } from "vitest";
import { executionOptions } from "./layered-tool.test-support.ts";
import { HookLayer, composeLayers, layer, toolCall, type ToolCall, type ToolExecutor, type ToolHooks, type ToolLayer } from "./tool-call.ts";

class Recorder extends HookLayer implements ToolHooks {
  readonly #name: string;
  readonly #log: string[];
  readonly #throwIn: "before" | "succeeded" | undefined;
  readonly #hold: Promise<unknown> | undefined;

  constructor(name: string, log: string[], options: { throwIn?: "before" | "succeeded"; hold?: Promise<unknown> } = {}) {
    super();
    this.#name = name;
    this.#log = log;
    this.#throwIn = options.throwIn;
    this.#hold = options.hold;
  }

  before(_call: ToolCall): Promise<unknown> | undefined {
    this.#log.push(`${this.#name}.before`);
    if (this.#throwIn === "before") throw new Error(`${this.#name} refused`);
    return this.#hold;
  }

  succeeded(_call: ToolCall, output: unknown): unknown {
    this.#log.push(`${this.#name}.succeeded ${String(output)}`);
    if (this.#throwIn === "succeeded") throw new Error(`${this.#name} refused ${String(output)}`);
    return `${String(output)}+${this.#name}`;
  }

  failed(_call: ToolCall, error: unknown): void {
    this.#log.push(`${this.#name}.failed ${(error as Error).message}`);
  }
}

function plain(name: string, log: string[]): ToolLayer {
  return (next) =>
    layer(async (call) => {
      log.push(`${name} in`);
      try {
        const output = await next.execute(call);
        log.push(`${name} out ${String(output)}`);
        return `${String(output)}+${name}`;
      } catch (error) {
        log.push(`${name} failed ${(error as Error).message}`);
        throw error;
      }
    });
}

function bottom(log: string[], fails = false): ToolExecutor {
  return {
    execute: () => {
      log.push("tool");
      if (fails) throw new Error("the tool broke");
      return "out";
    },
  };
}

const call = () => toolCall("search", { q: 1 }, executionOptions("call_1"));

describe("composed tool layers", () => {
  it("run the befores outermost first, the tool, then the output up innermost first, plain layers in between", async () => {
    const log: string[] = [];
    const run = composeLayers([new Recorder("a", log), plain("p", log), new Recorder("b", log), new Recorder("c", log)], bottom(log));

    await expect(run.execute(call())).resolves.toBe("out+c+b+p+a");
    expect(log).toEqual(["a.before", "p in", "b.before", "c.before", "tool", "c.succeeded out", "b.succeeded out+c", "p out out+c+b", "a.succeeded out+c+b+p"]);
  });

  it("reach the tool in the tick they were called when nothing holds the call", () => {
    const log: string[] = [];
    void composeLayers([new Recorder("a", log), new Recorder("b", log)], bottom(log)).execute(call());

    expect(log).toEqual(["a.before", "b.before", "tool"]);
  });

  it("hold the call while a before's promise is pending", async () => {
    const log: string[] = [];
    const hold = Promise.withResolvers<void>();
    const execution = composeLayers([new Recorder("a", log, { hold: hold.promise }), new Recorder("b", log)], bottom(log)).execute(call());
    await Promise.resolve();
    expect(log).toEqual(["a.before"]);

    hold.resolve();
    await expect(execution).resolves.toBe("out+b+a");
  });

  it("fail a tool's failure for every layer above it, nearest first", async () => {
    const log: string[] = [];
    const run = composeLayers([new Recorder("a", log), new Recorder("b", log)], bottom(log, true));

    await expect(run.execute(call())).rejects.toThrow("the tool broke");
    expect(log).toEqual(["a.before", "b.before", "tool", "b.failed the tool broke", "a.failed the tool broke"]);
  });

  it("fail a before's throw for the layers above it only, and the tool doesn't run", async () => {
    const log: string[] = [];
    const run = composeLayers([new Recorder("a", log), new Recorder("b", log, { throwIn: "before" }), new Recorder("c", log)], bottom(log));

    await expect(run.execute(call())).rejects.toThrow("b refused");
    expect(log).toEqual(["a.before", "b.before", "a.failed b refused"]);
  });

  it("fail a rejected hold for the layers above it", async () => {
    const log: string[] = [];
    const held = Promise.reject(new Error("aborted while stopped"));
    const run = composeLayers([new Recorder("a", log), new Recorder("b", log, { hold: held })], bottom(log));

    await expect(run.execute(call())).rejects.toThrow("aborted while stopped");
    expect(log).toEqual(["a.before", "b.before", "a.failed aborted while stopped"]);
  });

  it("fail a succeeded's throw for the layers above it, not for the ones below that saw the output", async () => {
    const log: string[] = [];
    const run = composeLayers([new Recorder("a", log), new Recorder("b", log, { throwIn: "succeeded" }), new Recorder("c", log)], bottom(log));

    await expect(run.execute(call())).rejects.toThrow("b refused out+c");
    expect(log).toEqual(["a.before", "b.before", "c.before", "tool", "c.succeeded out", "b.succeeded out+c", "a.failed b refused out+c"]);
  });

  it("hand a hooked layer's failure to a plain layer above it", async () => {
    const log: string[] = [];
    const run = composeLayers([plain("p", log), new Recorder("a", log)], bottom(log, true));

    await expect(run.execute(call())).rejects.toThrow("the tool broke");
    expect(log).toEqual(["p in", "a.before", "tool", "a.failed the tool broke", "p failed the tool broke"]);
  });
});
