// A loaded project as the renderer sees it: plain data (entries with their inspected trees and
// problems), never the Project object with its elements and models. Tools that run programs
// without a sandbox are a Problem and are named in `sandbox`, for their approval cards.
import { sandboxNotice, sandboxStatus, type TraceNode } from "june";
import type { Project } from "june/project";
import type { Problem, ProjectSnapshot, SandboxReport } from "../contract/index.ts";
import { plainJson } from "./plain-json.ts";

export function projectSnapshot(project: Project, loadedAt: number): ProjectSnapshot {
  const { report, problems } = sandboxOf(project);
  return plainJson({
    folder: project.folder,
    ...(project.configFile ? { configFile: project.configFile } : {}),
    entries: project.entries,
    problems: [...project.problems, ...problems],
    sandbox: report,
    trust: project.trusted === false ? "restricted" : "trusted",
    loadedAt,
  });
}

// The tools' own descriptions say whether they run sandboxed (the engine writes and reads that
// line), so a tool renamed by <Namespace> or declared as <Bash name="sh"> is found too.
function sandboxOf(project: Project): { report: SandboxReport; problems: Problem[] } {
  const status = sandboxStatus();
  const byReason = new Map<string, { state: "unsandboxed" | "refused"; tools: Set<string> }>();
  for (const entry of project.entries) {
    for (const tool of toolsOf(entry.tree)) {
      const notice = sandboxNotice(tool.description);
      if (!notice) continue;
      const key = `${notice.state}\u0000${notice.reason}`;
      const group = byReason.get(key) ?? { state: notice.state, tools: new Set<string>() };
      group.tools.add(tool.name);
      byReason.set(key, group);
    }
  }
  const problems = [...byReason.entries()].map(([key, { state, tools }]): Problem => {
    const reason = key.slice(key.indexOf("\u0000") + 1);
    const names = [...tools].sort().join(", ");
    const one = tools.size === 1;
    return {
      severity: state === "refused" ? "error" : "warning",
      code: "JUNE_SANDBOX_UNAVAILABLE",
      message:
        state === "refused"
          ? `june: ${names} ${one ? "refuses" : "refuse"} every command: no sandbox is available (${reason}), and sandbox.allowUnsandboxedCommands is false.`
          : `june: ${names} ${one ? "runs" : "run"} commands without a sandbox: ${reason}. ${one ? "Its" : "Their"} commands can read and change anything you can, and use the network` +
            (reason === "sandbox.enabled is false" ? "." : "; each one waits for approval."),
      ...(project.configFile ? { file: project.configFile } : {}),
    };
  });
  const report: SandboxReport = { available: status.available, kind: status.kind, ...(status.reason ? { reason: status.reason } : {}) };
  return { report, problems };
}

function toolsOf(node: TraceNode | undefined): NonNullable<TraceNode["tools"]> {
  if (!node) return [];
  return [...(node.tools ?? []), ...(node.children ?? []).flatMap(toolsOf)];
}
