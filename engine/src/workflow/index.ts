// Public surface of workflow/: the Agent, Step and Catch elements and how a workflow expands.
export { Agent } from "./agent.ts";
export type { AgentProps } from "./agent.ts";
export { Step } from "./step.ts";
export type { StepProps } from "./step.ts";
export { Catch } from "./catch.ts";
export type { CatchProps } from "./catch.ts";
export { expandWorkflow } from "./expand.ts";
export type { WorkflowItem, ExpandPlace } from "./expand.ts";
export { prepareAgent, resolveAgent, agentLabel } from "./prepare-agent.ts";
export type { PreparedAgent, ResolveAgentOptions } from "./prepare-agent.ts";
