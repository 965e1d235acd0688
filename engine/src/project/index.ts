// Public surface of project/: turning a user's workflow file into modules the engine can run.
export { bundleWorkflow, WORKFLOW_EXTENSIONS } from "./bundle-workflow.ts";
export type { BundleOptions, WorkflowBundle } from "./bundle-workflow.ts";
export { loadWorkflow } from "./load-workflow.ts";
export type { LoadedWorkflow } from "./load-workflow.ts";
export { juneEntryUrls, studioNodeModules } from "./june-entries.ts";
