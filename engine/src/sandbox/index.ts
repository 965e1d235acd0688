// Public surface of sandbox/: running programs a model asked for (Bash, later MCP stdio servers)
// inside bubblewrap — the project folder writable, the system read-only, no home, a private /tmp,
// no network unless allowed, its own PID namespace that dies with the call — and saying so,
// never silently, where no sandbox is possible.
export { sandboxSettingsSchema } from "./settings.ts";
export type { SandboxPolicy, SandboxSettings } from "./settings.ts";
export { sandboxStatus } from "./status.ts";
export type { SandboxStatus, SandboxStatusOptions } from "./status.ts";
export { approvalUnder, decideSandbox, sandboxRefusal } from "./decide.ts";
export type { SandboxDecision } from "./decide.ts";
export { sandboxedLaunch } from "./launch.ts";
export type { Launch, Sandbox } from "./launch.ts";
export { describeSandbox, sandboxNotice } from "./notice.ts";
export type { SandboxNotice } from "./notice.ts";
