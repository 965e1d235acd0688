// composeLayers stacks middleware as the AI SDK's wrapLanguageModel does: the first is the
// outermost, each sees the options the one above passed down, and a call always gives a promise.
import type { LanguageModelV4, LanguageModelV4CallOptions, LanguageModelV4Middleware } from "@ai-sdk/provider";
import { generateText, streamText } from "ai";
import { describe, expect, it } from "vitest";
import { scripted } from "../../sdk/scripted.ts";
import { composeLayers } from "./compose.ts";

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
});
