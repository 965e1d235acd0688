// Spec "Agent blocks", resolution and loader tools: inject blocks become system-prompt sections,
// progressive blocks become `_block__load__<name>` tools a real AI SDK loop can call.
import { asSchema, generateText, stepCountIs, tool, type ModelMessage } from "ai";
import { scripted } from "june/sdk/scripted";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { isJuneError, JuneError } from "../errors/index.ts";
import { blockNameOf, isBlockLoader, resolveBlocks, type BlockContext, type Blocks } from "./index.ts";

const signal = new AbortController().signal;

/** The error `promise` rejects with (fails the test if it resolves). */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a rejection");
}

/** Every tool result the model was shown in `prompt`, as [toolName, output]. */
function toolResults(prompt: ModelMessage[]): Array<[string, unknown]> {
  return prompt.flatMap((message) =>
    message.role === "tool"
      ? message.content.flatMap((part) => (part.type === "tool-result" ? [[part.toolName, part.output] as [string, unknown]] : []))
      : [],
  );
}

describe("inject blocks become system-prompt sections", () => {
  it("joins `## <flat name>\\n<text>` sections in order, skipping progressive blocks", async () => {
    const { instructions, names } = await resolveBlocks(
      {
        identity: { mode: "inject", value: "You are precise." },
        skills: { onboarding: { mode: "progressive", value: "Greet them." }, policy: { mode: "inject", value: "No refunds." } },
        tone: { mode: "inject", value: "Be terse." },
      },
      { signal },
    );
    expect(instructions).toBe("## identity\nYou are precise.\n\n## skills__policy\nNo refunds.\n\n## tone\nBe terse.");
    expect(names).toEqual(["identity", "skills__onboarding", "skills__policy", "tone"]);
  });

  it("awaits resolvers, giving each the run's signal", async () => {
    const seen: AbortSignal[] = [];
    const { instructions } = await resolveBlocks(
      {
        tenant: {
          mode: "inject",
          value: async (ctx: BlockContext) => {
            seen.push(ctx.signal);
            await new Promise((resolve) => setTimeout(resolve, 5));
            return "Tenant: Acme";
          },
        },
        tone: { mode: "inject", value: () => "Be terse." },
      },
      { signal },
    );
    expect(instructions).toBe("## tenant\nTenant: Acme\n\n## tone\nBe terse.");
    expect(seen).toEqual([signal]);
  });

  it("gives no instructions and no loaders for no blocks", async () => {
    expect(await resolveBlocks({}, { signal })).toEqual({ instructions: "", loaders: {}, names: [] });
  });

  it("checks the tree first: a broken tree rejects with the flattening error", async () => {
    const error = await rejection(resolveBlocks({ _block_x: { mode: "inject", value: "x" } }, { signal }));
    expect((error as JuneError).code).toBe("JUNE_INVALID_BLOCK");
  });
});

describe("progressive blocks become loader tools", () => {
  const blocks: Blocks = {
    skills: {
      onboarding: { mode: "progressive", value: "Welcome them by name.", description: "How to greet a new customer." },
      refunds: { mode: "progressive", value: async () => "Refund within 30 days." },
    },
  };

  it("names each loader _block__load__<flat name> and does not run its resolver until called", async () => {
    let ran = false;
    const { loaders } = await resolveBlocks(
      { ...blocks, lazy: { mode: "progressive", value: () => ((ran = true), "lazy") } },
      { signal },
    );
    expect(Object.keys(loaders)).toEqual(["_block__load__skills__onboarding", "_block__load__skills__refunds", "_block__load__lazy"]);
    expect(ran).toBe(false);
  });

  it("describes the block (and its description) and takes an empty input", async () => {
    const { loaders } = await resolveBlocks(blocks, { signal });
    const onboarding = loaders._block__load__skills__onboarding!;
    expect(onboarding.description).toContain('Loads the "skills__onboarding" block: How to greet a new customer.');
    expect(loaders._block__load__skills__refunds!.description).toContain('Loads the "skills__refunds" block.');
    const schema = await asSchema(onboarding.inputSchema).jsonSchema;
    expect(schema).toMatchObject({ type: "object", properties: {} });
  });

  it("marks loaders (non-enumerably) with the block they load; other tools are unmarked", async () => {
    const { loaders } = await resolveBlocks(blocks, { signal });
    const loader = loaders._block__load__skills__onboarding!;
    expect(isBlockLoader(loader)).toBe(true);
    expect(blockNameOf(loader)).toBe("skills__onboarding");
    expect(Object.getOwnPropertyDescriptor(loader, Symbol.for("june.blocks.loader"))?.enumerable).toBe(false);
    expect(isBlockLoader({ ...loader })).toBe(false);
    const own = tool({ description: "x", inputSchema: z.object({}), execute: async () => "x" });
    expect(isBlockLoader(own)).toBe(false);
    expect(blockNameOf(own)).toBeUndefined();
    expect(isBlockLoader(undefined)).toBe(false);
  });

  it("runs the resolver with the call's abort signal", async () => {
    const seen: AbortSignal[] = [];
    const { loaders } = await resolveBlocks(
      { notes: { mode: "progressive", value: ({ signal: callSignal }) => (seen.push(callSignal), "Notes.") } },
      { signal },
    );
    const call = new AbortController().signal;
    const output = await loaders._block__load__notes!.execute!({}, { toolCallId: "1", messages: [], abortSignal: call, context: undefined });
    expect(output).toBe("Notes.");
    expect(seen).toEqual([call]);
  });

  it("hands the block's text to the model when a generateText loop calls the loader", async () => {
    const { instructions, loaders } = await resolveBlocks(
      { tone: { mode: "inject", value: "Be terse." }, ...blocks },
      { signal },
    );
    const model = scripted([
      { toolCalls: [{ toolName: "_block__load__skills__refunds" }] },
      { text: "Refunds are possible within 30 days." },
    ]);
    const result = await generateText({ model, system: instructions, tools: loaders, prompt: "Can I get a refund?", stopWhen: stepCountIs(3) });
    expect(result.text).toBe("Refunds are possible within 30 days.");
    expect(model.calls[0]?.tools).toEqual(["_block__load__skills__onboarding", "_block__load__skills__refunds"]);
    expect(model.calls[0]?.prompt[0]).toEqual({ role: "system", content: "## tone\nBe terse." });
    expect(toolResults(model.calls[1]!.prompt)).toEqual([
      ["_block__load__skills__refunds", { type: "text", value: "Refund within 30 days." }],
    ]);
  });
});

describe("a resolver that fails is reported under the block's path", () => {
  it("wraps a throwing inject resolver in JUNE_BLOCK_FAILED, keeping the cause", async () => {
    const cause = new Error("tenant service down");
    const error = await rejection(
      resolveBlocks({ context: { tenant: { mode: "inject", value: () => Promise.reject(cause) } } }, { signal }),
    );
    expect(isJuneError(error)).toBe(true);
    expect((error as JuneError).code).toBe("JUNE_BLOCK_FAILED");
    expect((error as JuneError).message).toContain("the block context > tenant could not be resolved: tenant service down");
    expect((error as JuneError).cause).toBe(cause);
  });

  it("refuses a resolver that returns something other than text", async () => {
    const error = await rejection(resolveBlocks({ n: { mode: "inject", value: () => 42 as unknown as string } }, { signal }));
    expect((error as JuneError).code).toBe("JUNE_BLOCK_FAILED");
    expect((error as JuneError).message).toContain("the block n resolved to number, not text");
  });

  it("rejects with the abort's reason when the run is already aborted", async () => {
    const controller = new AbortController();
    const reason = new JuneError("JUNE_ABORTED", "june: the run was aborted.");
    controller.abort(reason);
    const error = await rejection(resolveBlocks({ a: { mode: "inject", value: "x" } }, { signal: controller.signal }));
    expect(error).toBe(reason);
  });

  it("keeps an abort during a resolver an abort, not a block failure", async () => {
    const controller = new AbortController();
    const reason = new JuneError("JUNE_ABORTED", "june: the run was aborted.");
    const value = ({ signal: s }: BlockContext) =>
      new Promise<string>((_resolve, reject) => s.addEventListener("abort", () => reject(s.reason), { once: true }));
    const pending = resolveBlocks({ slow: { mode: "inject", value } }, { signal: controller.signal });
    controller.abort(reason);
    expect(await rejection(pending)).toBe(reason);
  });

  it("shows the model a failing loader as a tool error naming the block", async () => {
    const { loaders } = await resolveBlocks(
      { skills: { broken: { mode: "progressive", value: () => Promise.reject(new Error("disk gone")) } } },
      { signal },
    );
    const model = scripted([{ toolCalls: [{ toolName: "_block__load__skills__broken" }] }, { text: "Sorry." }]);
    await generateText({ model, tools: loaders, prompt: "Load it.", stopWhen: stepCountIs(3) });
    const [[toolName, output]] = toolResults(model.calls[1]!.prompt) as [[string, { type: string; value: string }]];
    expect(toolName).toBe("_block__load__skills__broken");
    expect(output.type).toBe("error-text");
    expect(output.value).toContain("the block skills > broken could not be resolved: disk gone");
  });
});
