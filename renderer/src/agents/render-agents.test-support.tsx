// Test support for Agents: the panel alone over a fake Bridge (a 250-agent folder needs no Agent
// tree), and generated folders shaped as the loader lists real ones.
import { act, render } from "@testing-library/react";
import type { Problem, ProjectEntry, ProjectSnapshot } from "../contract/index.ts";
import { createStudioStore, StudioProvider } from "../store/index.ts";
import { createFakeBridge } from "../../test/fake-bridge.ts";
import { AgentsPanel } from "./AgentsPanel.tsx";

export async function renderAgents(project: ProjectSnapshot) {
  const bridge = createFakeBridge({ project });
  const store = createStudioStore(bridge, { theme: "dark" });
  const view = render(
    <StudioProvider store={store}>
      <AgentsPanel />
    </StudioProvider>,
  );
  await act(() => store.getState().start());
  return { ...view, store, bridge };
}

/** A markdown agent as the loader lists it; a plugin's is named `<plugin>:<agent>` and lives in the plugin's agents/. */
export function markdownAgent(name: string, options: { dir?: string; plugin?: string; description?: string; tools?: string[] } = {}): ProjectEntry {
  const full = options.plugin !== undefined ? `${options.plugin}:${name}` : name;
  const dir = options.dir ?? (options.plugin !== undefined ? `plugins/${options.plugin}/agents` : ".claude/agents");
  return {
    id: `markdown:${full}`,
    kind: "markdown",
    name: full,
    file: `/project/${dir}/${name}.md`,
    ...(options.description !== undefined ? { description: options.description } : {}),
    models: [],
    tools: options.tools ?? ["Read"],
    ...(options.plugin !== undefined ? { plugin: options.plugin } : {}),
  };
}

export function workflow(name: string, file: string, tools: string[] = []): ProjectEntry {
  return { id: `workflow:${file}`, kind: "workflow", name, file: `/project/${file}`, models: [], tools };
}

export function project(entries: ProjectEntry[], problems: Problem[] = []): ProjectSnapshot {
  return { folder: "/project", entries, problems, loadedAt: 0 };
}

const AREAS = ["billing", "search", "deploy", "docs", "support"];

/**
 * `count` agents as a big real folder has them: a few workflows at the root, markdown agents in
 * nested folders of .claude/agents, and a plugin's; agent-007's tools include "Bash".
 */
export function manyAgents(count: number): ProjectSnapshot {
  const entries: ProjectEntry[] = [];
  for (let i = 0; i < count; i++) {
    const n = String(i).padStart(3, "0");
    const area = AREAS[i % AREAS.length]!;
    if (i % 25 === 0) entries.push(workflow(`Flow${n}`, `flow-${n}.tsx`, ["readFile"]));
    else if (i % 10 === 3) entries.push(markdownAgent(`agent-${n}`, { plugin: "ops-kit", description: `Operates ${area}.`, tools: ["Read"] }));
    else entries.push(markdownAgent(`agent-${n}`, { dir: `.claude/agents/${area}`, description: `Handles ${area} tickets.`, tools: i === 7 ? ["Read", "Bash"] : ["Read", "Grep"] }));
  }
  return project(entries);
}
