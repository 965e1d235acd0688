// Public surface of isolate/: running a user's code (workflow files, june.config.ts, their tools
// and models) in worker threads, so what it does — process.exit, an endless loop, a throw in a
// timer — ends or stalls a worker, never the host. The project loader loads and renders through a
// LoadSession; a run goes to one of a few shared run workers through startIsolatedRun.
export { DEFAULT_ISOLATE_LIMITS, LIMIT_VARIABLES, isolateLimits } from "./limits.ts";
export type { IsolateLimits, IsolateOptions } from "./limits.ts";
export { LoadSession } from "./load-session.ts";
export type { ConfigLoad } from "./load-session.ts";
export { startIsolatedRun, newRunId } from "./run-host.ts";
export type { IsolatedRunHandle, IsolatedRunOptions } from "./run-host.ts";
export { runWorkers, warmSpare } from "./run-pool.ts";
export type { ConfigSummary, ProjectSpec, RunSpec } from "./protocol.ts";
