// Runs one entry of a project with the engine alone — no studio — and prints its RunResult's
// status and usage as one JSON line. The e2e suite compares the studio's token totals with this:
// the samples' scripted models are deterministic, so the totals must match exactly.
//
//   node e2e/support/engine-run.ts <folder> <entryId> <approve|deny> [reason]
//
// Every approval request gets the decision given (deny with the reason, when there is one).
import { run, type TraceEvent } from "../../engine/src/index.ts";
import { openProject } from "../../engine/src/project/index.ts";

const [folder, entryId, decision = "approve", reason] = process.argv.slice(2);
if (!folder || !entryId || (decision !== "approve" && decision !== "deny")) {
  process.stderr.write("usage: node e2e/support/engine-run.ts <folder> <entryId> <approve|deny> [reason]\n");
  process.exit(2);
}

const project = await openProject(folder, { inspect: false });
const input = entryId.startsWith("markdown:") ? "" : {};
const handle = run(project.element(entryId, input), { ...project.runDefaults, warn: () => {} });
const approvals: string[] = [];
for await (const event of handle.events as AsyncIterable<TraceEvent>) {
  if (event.type !== "approval-requested") continue;
  approvals.push(event.approval.toolName);
  if (decision === "approve") handle.approve(event.approval.approvalId);
  else handle.deny(event.approval.approvalId, reason);
}
const result = await handle.result;
process.stdout.write(`${JSON.stringify({ status: result.status, usage: result.usage, approvals, error: result.error ?? null })}\n`);
// The project may hold MCP clients open; this helper is done.
process.exit(0);
