// Public surface of capabilities/: the declaration elements, bundles, defined agents, and the
// resolution of an agent's children into a scope.
export { Tool, isCompositeProps } from "./tool.ts";
export type { ToolProps, ValueToolProps, CompositeToolProps, CompositeResult } from "./tool.ts";
export { Bash } from "./bash.ts";
export type { BashProps } from "./bash.ts";
export { Tools, toolSource } from "./tools-source.ts";
export type { ToolSource, ToolSourceContext, ToolsProps } from "./tools-source.ts";
export { Inherit } from "./inherit-element.ts";
export type { InheritProps } from "./inherit-element.ts";
export { Namespace, RequireApproval } from "./wrappers.ts";
export type { NamespaceProps, RequireApprovalProps } from "./wrappers.ts";
export { defineCapabilities, bundleInfo } from "./bundle.ts";
export type { Bundle } from "./bundle.ts";
export { defineAgent, callableConfig } from "./callable-agent.ts";
export type { AgentSettings, CallableAgent, CallableAgentConfig } from "./callable-agent.ts";
export { collectDeclarations, collectCapabilityNode } from "./collect.ts";
export { resolveCapabilities } from "./resolve.ts";
export type { ResolveOptions } from "./resolve.ts";
export { ToolSourceCache } from "./tool-source-cache.ts";
export { INSPECT_ONLY, compositeSpec } from "./composite.ts";
export type { CompositeRunner, CompositeSpec } from "./composite.ts";
export type { ParentScope } from "./inherit.ts";
export type { Declaration, Frame } from "./declaration.ts";
export type { ResolvedTool, Scope } from "./scope.ts";
export { EMPTY_SCOPE } from "./scope.ts";
export { describeElement, isCapabilityElement } from "./describe-element.ts";
export { at } from "./labels.ts";
