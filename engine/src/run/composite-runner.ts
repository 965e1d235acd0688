// Running composite tools and defined agents: each call runs its workflow as a run of its own
// (own steps, private scope, the caller as <Inherit>'s parent) inside the calling run, so its
// approvals are asked there, abort carries across and its trace hangs under the tool call.
import {
  collectCapabilityNode,
  type CompositeRunner,
  type CompositeSpec,
} from "../capabilities/index.ts";
import { JuneError } from "../errors/index.ts";
import { createElement } from "../jsx/index.ts";
import type { TraceNode } from "../trace/index.ts";
import { Step, agentLabel, expandWorkflow, type AgentProps, type PreparedAgent } from "../workflow/index.ts";
import { RecordedError, executeItems, executePreparedAgent } from "./execute.ts";
import { isAbort, toNodeError } from "./node-errors.ts";
import { defaultOutput } from "./output.ts";
import { endNode, newPlace, startNode, type Place, type RunContext } from "./run-context.ts";
import { COMPOSITE_OUTPUT, takeToolCall } from "./tool-layers/index.ts";

export function compositeRunner(ctx: () => RunContext): CompositeRunner {
  return {
    async run(spec, input, { caller, declaration, toolName, options }) {
      const call = takeToolCall();
      if (!call) throw new JuneError("JUNE_INTERNAL", `june: the tool "${toolName}" ran outside a traced tool call.`);
      const run = ctx();
      const signal = options.abortSignal ? AbortSignal.any([call.place.signal, options.abortSignal]) : call.place.signal;
      const nodeId = startNode(run, {
        parentId: call.nodeId,
        kind: "composite",
        name: toolName,
        input,
        ...(declaration.source ? { source: declaration.source } : {}),
      });
      const place = newPlace({
        ctx: run,
        parentNodeId: nodeId,
        agentPath: call.place.agentPath,
        stepPrefix: `${call.place.stepPrefix}${toolName}:`,
        steps: {},
        stepOrder: [],
        parentScope: { scope: caller },
        agent: undefined,
        signal,
        stepId: undefined,
      });
      try {
        const output = await runWorkflow(spec, input, place, call.place.agent?.props.model);
        endNode(run, nodeId, "succeeded", { output });
        const node = run.builder.node(nodeId)!;
        return { [COMPOSITE_OUTPUT]: true, output, trace: snapshot(node), usage: { ...node.usage } };
      } catch (error) {
        const aborted = isAbort(error, signal);
        const nodeError = error instanceof RecordedError ? error.nodeError : toNodeError(error);
        endNode(run, nodeId, aborted ? "aborted" : "failed", { error: nodeError });
        if (aborted) throw error;
        // A failure inside becomes a tool error the calling model sees.
        throw new JuneError("JUNE_TOOL_FAILED", `june: the tool "${toolName}" failed: ${nodeError.message.replace(/^june: /, "")}`, {
          cause: error,
        });
      }
    },
  };
}

async function runWorkflow(spec: CompositeSpec, input: unknown, place: Place, callerModel: AgentProps["model"]): Promise<unknown> {
  if (spec.kind === "composite") {
    await executeItems(expandWorkflow(spec.props.children(input), { insideAgent: false }), place);
    const selected = defaultOutput(place.steps, place.stepOrder);
    return spec.props.output ? spec.props.output({ steps: { ...place.steps }, output: selected }) : selected;
  }
  const config = spec.config;
  const stepElement = createElement(Step, {
    id: "main",
    prompt: config.prompt(input),
    ...(config.output ? { output: config.output } : {}),
  }, null);
  const holder = `defineAgent({ name: ${JSON.stringify(config.name)} }).capabilities`;
  const { name, description: _d, input: _i, prompt: _p, capabilities, output: _o, blocks, ...settings } = config;
  const element = createElement(callableAgentType(config.name), {}, null);
  const prepared: PreparedAgent = {
    name,
    label: agentLabel(name, element).replace("<Agent>", "the defined agent"),
    element,
    props: {
      ...settings,
      ...(settings.model === undefined && spec.inheritModel && callerModel !== undefined ? { model: callerModel } : {}),
      ...(blocks ? { blocks: blocks as AgentProps["blocks"] } : {}),
    },
    declarations: capabilities ? collectCapabilityNode(capabilities(), holder) : [],
    workflow: [{ kind: "step", element: stepElement, id: "main" }],
  };
  await executePreparedAgent(prepared, place);
  return place.steps.main;
}

// A stand-in element type so a defined agent's node and messages have a name to show.
function callableAgentType(name: string) {
  const type = () => null;
  Object.defineProperty(type, "name", { value: name });
  return type;
}

function snapshot(node: TraceNode): TraceNode {
  return structuredClone(node);
}

