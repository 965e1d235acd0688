// Public surface of loading/: a project folder's files made into what the engine runs — finding
// them (discovery, the config), bundling and importing workflow files, markdown agents and their
// blocks, the problems a broken file is, and the Project a folder's parts make in this process.
export { bundleWorkflow, WORKFLOW_EXTENSIONS } from "./bundle-workflow.ts";
export type { BundleOptions, WorkflowBundle } from "./bundle-workflow.ts";
export { loadWorkflow, importBundle } from "./load-workflow.ts";
export type { LoadedWorkflow } from "./load-workflow.ts";
export { juneEntryUrls, studioNodeModules } from "./june-entries.ts";
export type { ProjectEntry } from "./project-entry.ts";
export type { ReplaySpec, StartOptions } from "./start-entry.ts";
export { assembleLocal, DEFAULT_RUNS_FOLDER, loadLocalParts, loadWorkflowEntry, partsWithConfig, reloadLocalMarkdown, reloadLocalWorkflows } from "./parts.ts";
export type { LoadedEntry, LoadOptions, Project, ProjectMcpServer, ProjectParts, ToolRules } from "./parts.ts";
export { problemFromError } from "./problem.ts";
export { modelCheckOf } from "./model-problems.ts";
export type { KeyEnvironment, ModelCheck } from "./model-problems.ts";
export type { Problem } from "./problem.ts";
export { defineConfig, checkConfig, loadConfigFile } from "./config.ts";
export type { JuneConfig, McpServerConfig } from "./config.ts";
export { discoverProject, findConfigFile, CONFIG_FILES, DEFAULT_AGENT_DIRS } from "./discover.ts";
export type { Discovery } from "./discover.ts";
export { walkFolder } from "./folder-walk.ts";
export { refuseSystemFolder } from "./refused-folders.ts";
export { readMcpJson } from "./mcp-json.ts";
export type { McpJson } from "./mcp-json.ts";
