// composeLayers stacks middleware as the AI SDK's wrapLanguageModel does: the first is the
// outermost, each sees the options the one above passed down, and a call always gives a promise.
// June's own layers (CallLayer) side by side run as one model, in the same order.
import type { LanguageModelV4, LanguageModelV4CallOptions, LanguageModelV4Middleware } from "@ai-sdk/provider";
import { generateText, streamText, wrapLanguageModel } from "ai";
import { describe, expect, it } from "vitest";
import { scripted } from "../../sdk/scripted.ts";
import { CallLayer, composeLayers, type CallHooks, type Generated } from "./compose.ts";
import type { ModelCall } from "./model-call.ts";
import type { StreamTap } from "./stream-tap.ts";

// A layer that logs what it saw around the call, under `name`.
function logging(name: string, log: string[]): LanguageModelV4Middleware {
  return {
    specificationVersion: "v4",
    wrapGenerate: async ({ doGenerate }) => {
      log.push(`${name} before`);
      const result = await doGenerate();
      log.push(`${name} after`);
      return result;
    },
    wrapStream: async ({ doStream }) => {
      log.push(`${name} stream`);
      return doStream();
    },
  };
}

describe("composed layers", () => {
  it("run from the first (outermost) to the model and back", async () => {
    const log: string[] = [];
    const model = composeLayers(scripted([{ text: "Hi" }, { text: "Hi again" }]), [logging("outer", log), logging("inner", log)]);
    await generateText({ model, prompt: "Hello" });
    await streamText({ model, prompt: "Hello" }).consumeStream();

    expect(log).toEqual(["outer before", "inner before", "inner after", "outer after", "outer stream", "inner stream"]);
  });

  it("pass on the options a layer's transformParams made, to the layers below and the model", async () => {
    const seen: number[] = [];
    const model = scripted([{ text: "Hi" }]);
    const composed = composeLayers(model, [
      { specificationVersion: "v4", transformParams: async ({ params }) => ({ ...params, temperature: 0.25 }) },
      { specificationVersion: "v4", wrapGenerate: ({ doGenerate, params }) => (seen.push(params.temperature!), doGenerate()) },
    ]);
    await generateText({ model: composed, prompt: "Hello" });

    expect(seen).toEqual([0.25]);
  });

  it("keep the model's name, unless a layer overrides it", () => {
    const model = scripted([], { modelId: "writer" });
    expect(composeLayers(model, [{ specificationVersion: "v4" }])).toMatchObject({ provider: "june.scripted", modelId: "writer" });
    expect(composeLayers(model, [{ specificationVersion: "v4", overrideModelId: () => "renamed" }]).modelId).toBe("renamed");
  });

  it("give a rejected promise, not a throw, when a layer throws before it returns one", async () => {
    const failing: LanguageModelV4Middleware = {
      specificationVersion: "v4",
      wrapGenerate: () => {
        throw new Error("layer broke");
      },
    };
    const model = composeLayers(scripted([]), [failing]);
    const call = model.doGenerate({ prompt: [] });

    expect(call).toBeInstanceOf(Promise);
    await expect(call).rejects.toThrow("layer broke");
  });

  it("give a rejected promise when the model below throws before it answers, under a layer that wraps nothing", async () => {
    const broke = (): never => {
      throw new Error("provider broke");
    };
    const throwing = { ...scripted([]), doGenerate: broke, doStream: broke };
    const model = composeLayers(throwing, [{ specificationVersion: "v4" }]);
    const generating = model.doGenerate({ prompt: [] });
    const streaming = model.doStream({ prompt: [] });

    expect(generating).toBeInstanceOf(Promise);
    expect(streaming).toBeInstanceOf(Promise);
    await expect(generating).rejects.toThrow("provider broke");
    await expect(streaming).rejects.toThrow("provider broke");
  });

  it("call a class layer's wraps as its methods, also after its transformParams", async () => {
    class Tagging implements LanguageModelV4Middleware {
      readonly specificationVersion = "v4";
      readonly seen: string[] = [];
      async transformParams({ params }: { params: LanguageModelV4CallOptions }) {
        return { ...params, temperature: 0.5 };
      }
      async wrapGenerate({ doGenerate, params }: { doGenerate: () => ReturnType<LanguageModelV4["doGenerate"]>; params: LanguageModelV4CallOptions }) {
        this.seen.push(`generate ${params.temperature}`);
        return doGenerate();
      }
      async wrapStream({ doStream, params }: { doStream: () => ReturnType<LanguageModelV4["doStream"]>; params: LanguageModelV4CallOptions }) {
        this.seen.push(`stream ${params.temperature}`);
        return doStream();
      }
    }
    const layer = new Tagging();
    const model = composeLayers(scripted([{ text: "Hi" }, { text: "Hi again" }]), [layer]);
    const generated = await generateText({ model, prompt: "Hello" });
    const streamed = streamText({ model, prompt: "Hello" });

    expect(generated.text).toBe("Hi");
    expect(await streamed.text).toBe("Hi again");
    expect(layer.seen).toEqual(["generate 0.5", "stream 0.5"]);
  });

  it("run June's layers side by side in one model: before from the outermost, answers from the innermost", async () => {
    const log: string[] = [];
    const layers = [new Hooks("outer", log), new Hooks("middle", log), new Hooks("inner", log)];
    const model = composeLayers(scripted([{ text: "Hi" }, { text: "Again" }]), layers);
    const generated = await generateText({ model, prompt: "Hello" });
    const streamed = await streamText({ model, prompt: "Hello" }).text;

    expect(model).toMatchObject({ provider: "june.scripted", modelId: "scripted" });
    expect([generated.text, streamed]).toEqual(["Hi", "Again"]);
    expect(log).toEqual([
      ...["outer before", "middle before", "inner before", "inner generated", "middle generated", "outer generated"],
      ...["outer before", "middle before", "inner before", "inner streamed", "middle streamed", "outer streamed"],
      ...["inner part text-delta", "middle part text-delta", "outer part text-delta"],
    ]);
  });

  it("fail a call for the layers above the one that threw on its answer, nearest first, not for it or those below", async () => {
    const log: string[] = [];
    const throwing = new Hooks("middle", log, { generated: new Error("refused") });
    const model = composeLayers(scripted([{ text: "Hi" }]), [new Hooks("outer", log), throwing, new Hooks("inner", log)]);

    await expect(model.doGenerate({ prompt: [] })).rejects.toThrow("refused");
    expect(log).toEqual(["outer before", "middle before", "inner before", "inner generated", "middle generated", "outer failed refused"]);
  });

  it("fail a call for every layer when the model below fails, the innermost first", async () => {
    const log: string[] = [];
    const broke = () => Promise.reject(new Error("provider broke"));
    const model = composeLayers({ ...scripted([]), doGenerate: broke, doStream: broke }, [new Hooks("outer", log), new Hooks("inner", log)]);

    await expect(model.doStream({ prompt: [] })).rejects.toThrow("provider broke");
    expect(log).toEqual(["outer before", "inner before", "inner failed provider broke", "outer failed provider broke"]);
  });

  it("hold the layers below and the model while a layer's before is pending; a rejection fails only the layers above", async () => {
    const log: string[] = [];
    let release!: () => void;
    const holding = new Hooks("middle", log, { before: new Promise<void>((resolve) => (release = resolve)) });
    const model = composeLayers(scripted([{ text: "Hi" }]), [new Hooks("outer", log), holding, new Hooks("inner", log)]);
    const call = model.doGenerate({ prompt: [] });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(log).toEqual(["outer before", "middle before"]);
    release();
    await call;
    expect(log.slice(2)).toEqual(["inner before", "inner generated", "middle generated", "outer generated"]);

    log.length = 0;
    const refusing = new Hooks("middle", log, { before: Promise.reject(new Error("stopped")) });
    const refused = composeLayers(scripted([{ text: "Hi" }]), [new Hooks("outer", log), refusing, new Hooks("inner", log)]);
    await expect(refused.doGenerate({ prompt: [] })).rejects.toThrow("stopped");
    expect(log).toEqual(["outer before", "middle before", "outer failed stopped"]);
  });

  it("keep the order of June's layers and other middleware between them", async () => {
    const log: string[] = [];
    const model = composeLayers(scripted([{ text: "Hi" }]), [new Hooks("outer", log), logging("plain", log), new Hooks("inner", log)]);
    await generateText({ model, prompt: "Hello" });

    expect(log).toEqual(["outer before", "plain before", "inner before", "inner generated", "plain after", "outer generated"]);
  });

  it("run a June layer's hooks the same way through the AI SDK's wrapLanguageModel", async () => {
    const log: string[] = [];
    const model = wrapLanguageModel({ model: scripted([{ text: "Hi" }, { text: "Again" }]), middleware: [new Hooks("sdk", log)] });
    await generateText({ model, prompt: "Hello" });
    await streamText({ model, prompt: "Hello" }).consumeStream();

    expect(log).toEqual(["sdk before", "sdk generated", "sdk before", "sdk streamed", "sdk part text-delta"]);
  });
});

// A June layer that logs its hooks under `name`; `fails` makes one hook throw (or hold with a promise).
class Hooks extends CallLayer implements CallHooks {
  readonly #name: string;
  readonly #log: string[];
  readonly #fails: { before?: Promise<void>; generated?: Error };

  constructor(name: string, log: string[], fails: { before?: Promise<void>; generated?: Error } = {}) {
    super();
    this.#name = name;
    this.#log = log;
    this.#fails = fails;
    fails.before?.catch(() => {});
  }

  before(): Promise<void> | undefined {
    this.#log.push(`${this.#name} before`);
    return this.#fails.before;
  }

  generated(_call: ModelCall, _params: LanguageModelV4CallOptions, result: Generated): Generated {
    this.#log.push(`${this.#name} generated`);
    if (this.#fails.generated) throw this.#fails.generated;
    return result;
  }

  streamed(): StreamTap {
    this.#log.push(`${this.#name} streamed`);
    const log = this.#log;
    const name = this.#name;
    return { part: (part) => (part.type === "text-delta" && log.push(`${name} part ${part.type}`), part) };
  }

  failed(_call: ModelCall, error: unknown): void {
    this.#log.push(`${this.#name} failed ${(error as Error).message}`);
  }
}
