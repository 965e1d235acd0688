// The outcome-unknown layer: a resumed run's tool that was approved and started but never
// finished may have had its effect, so it runs again only on a new decision.
import { generateText, stepCountIs, tool } from "ai";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Agent, Step, Tool, run, type TraceEvent } from "june";
import { resume } from "../../replay/index.ts";
import { scripted } from "../../sdk/scripted.ts";
import { layerRun } from "../layer-run.test-support.ts";
import { SentMessages, composeLayers, replayAnswer as modelAnswer, replayChoice as modelChoice, traceLayer as modelTrace } from "../model-layers/index.ts";
import { layeredTool } from "./layered-tool.test-support.ts";
import { outcomeUnknownLayer } from "./outcome-unknown.ts";
import { replayAnswer, replayChoice } from "./replay.ts";
import { traceLayer } from "./trace.ts";

function deployTool(log: string[]) {
  return tool({ description: "Deploy", inputSchema: z.object({ env: z.string() }), needsApproval: true, execute: async ({ env }) => (log.push(env), "deployed") });
}

// A run that died right after deploy started: approved, started, no result.
async function interrupted(): Promise<TraceEvent[]> {
  const handle = run(
    <Agent name="writer" model={scripted([{ toolCalls: [{ toolName: "deploy", input: { env: "prod" } }] }, { text: "shipped" }])}>
      <Tool name="deploy" value={deployTool([])} />
      <Step id="work" prompt="Ship it" />
    </Agent>,
  );
  const events: TraceEvent[] = [];
  for await (const event of handle.events) {
    events.push(event);
    if (event.type === "approval-requested") handle.approve(event.approval.approvalId);
    if (event.type === "node-start" && event.node.kind === "tool-call") break;
  }
  handle.abort();
  await handle.result;
  return events;
}

async function resumed(decide: { approved: boolean; reason?: string }) {
  const events = await interrupted();
  const layers = layerRun({ replay: resume(events) });
  const { ctx, place, stepNodeId } = layers;
  const live = scripted([{ text: "after the deploy" }]);
  const model = composeLayers(live, [modelChoice(ctx, stepNodeId, ctx.replay!), modelTrace(place, stepNodeId, new SentMessages()), modelAnswer(ctx, stepNodeId)]);
  const log: string[] = [];
  const { needsApproval: _, ...deploy } = deployTool(log);
  const tools = {
    deploy: layeredTool("deploy", deploy, place, [
      replayChoice(place, stepNodeId, place.ctx.replay!),
      outcomeUnknownLayer(place, stepNodeId, deploy.description),
      traceLayer(place, stepNodeId, { kind: "tool-call", name: "deploy" }),
      replayAnswer(),
    ]),
  };
  const done = generateText({ model, tools, prompt: "Ship it", stopWhen: stepCountIs(2) });
  const { approval } = await layers.event("approval-requested");
  const ranBeforeDecision = [...log];
  ctx.approvals.decide(approval.approvalId, decide);
  await done;
  return { layers, approval, log, ranBeforeDecision, live };
}

describe("a tool whose outcome a resumed run doesn't know", () => {
  it("is asked about again before it runs, saying why", async () => {
    const { approval, ranBeforeDecision } = await resumed({ approved: true });

    expect(ranBeforeDecision).toEqual([]);
    expect(approval).toMatchObject({ approvalId: "call_0_0:outcome-unknown", toolName: "deploy", input: { env: "prod" }, outcomeUnknown: true });
  });

  it("runs again when approved", async () => {
    const { log, layers } = await resumed({ approved: true });

    expect(log).toEqual(["prod"]);
    expect(layers.children()).toEqual([
      ["model-call", "scripted", "succeeded"],
      ["approval", "deploy", "succeeded"],
      ["tool-call", "deploy", "succeeded"],
      ["model-call", "scripted", "succeeded"],
    ]);
  });

  it("denied, doesn't run, and the model hears it was not run again and why", async () => {
    const { log, layers, live } = await resumed({ approved: false, reason: "it probably ran" });

    expect(log).toEqual([]);
    expect(layers.children().map(([kind]) => kind)).toEqual(["model-call", "approval", "model-call"]);
    const prompt = JSON.stringify(live.calls[0]!.prompt);
    expect(prompt).toContain("was approved and started before the run was interrupted, but its result was not recorded");
    expect(prompt).toContain("it was not run again: it probably ran");
  });
});
