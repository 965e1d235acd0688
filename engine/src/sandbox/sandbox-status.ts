// What the sandbox probe finds out, as plain data: Node-free, so the studio's contract and the
// renderer name this type as it is (through sandbox/browser.ts) instead of copying it.

/** Whether commands can run in a sandbox here, and if not, why. */
export interface SandboxStatus {
  available: boolean;
  kind: "bubblewrap" | "none";
  /** Why there is no sandbox, for the user: what is missing and what to do. */
  reason?: string;
  /** The bubblewrap binary that works, when available. */
  bwrap?: string;
}
