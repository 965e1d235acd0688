// Public surface of project/ (`june/project`): opening a project folder — in this process or with
// its code in workers — and watching it; with what loading/ makes of its files.
export { bundleWorkflow, WORKFLOW_EXTENSIONS, loadWorkflow, importBundle, juneEntryUrls, studioNodeModules, DEFAULT_RUNS_FOLDER } from "../loading/index.ts";
export type { BundleOptions, WorkflowBundle, LoadedWorkflow, Project, ProjectEntry, StartOptions, ReplaySpec } from "../loading/index.ts";
export { problemFromError, defineConfig, checkConfig, loadConfigFile, discoverProject, findConfigFile, CONFIG_FILES, DEFAULT_AGENT_DIRS } from "../loading/index.ts";
export type { JuneConfig, McpServerConfig, Discovery, Problem } from "../loading/index.ts";
export { openProject } from "./open-project.ts";
export type { OpenOptions } from "./open-project.ts";
export type { IsolateOptions } from "../isolate/index.ts";
export { LiveProject } from "./live-project.ts";
export type { ProjectChange, WatchOptions } from "./live-project.ts";
