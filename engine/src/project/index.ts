// Public surface of project/: turning a user's workflow file into modules the engine can run.
export { bundleWorkflow, WORKFLOW_EXTENSIONS } from "./bundle-workflow.ts";
export type { BundleOptions, WorkflowBundle } from "./bundle-workflow.ts";
export { loadWorkflow, importBundle } from "./load-workflow.ts";
export type { LoadedWorkflow } from "./load-workflow.ts";
export { juneEntryUrls, studioNodeModules } from "./june-entries.ts";
export { openProject, DEFAULT_RUNS_FOLDER } from "./open-project.ts";
export type { OpenOptions, Project } from "./open-project.ts";
export type { ProjectEntry } from "./project-entry.ts";
export type { StartOptions } from "./start-entry.ts";
export type { ReplaySpec, IsolateOptions } from "../isolate/index.ts";
// What the isolate's worker builds a project from (the host sends bundles; the worker imports them).
export { assemble, loadWorkflowEntry, partsWithConfig, reloadMarkdown } from "./open-project.ts";
export type { ProjectParts } from "./open-project.ts";
export { problemFromError } from "./problem.ts";
export { defineConfig, checkConfig, loadConfigFile } from "./config.ts";
export type { JuneConfig, McpServerConfig } from "./config.ts";
export { discoverProject, findConfigFile, CONFIG_FILES, DEFAULT_AGENT_DIRS } from "./discover.ts";
export type { Discovery } from "./discover.ts";
export type { Problem } from "./problem.ts";
export { LiveProject } from "./live-project.ts";
export type { ProjectChange, WatchOptions } from "./live-project.ts";
