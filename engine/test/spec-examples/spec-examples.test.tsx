// The spec's example programs (docs: Capabilities), run through inspect(): what the spec says each
// agent can and cannot call, as assertions. The programs beside this file are verbatim copies of
// the spec's; if one has to change to pass, the spec or June is wrong, not the copy.
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { collectErrors, inspect, type CapabilityRecord, type TraceNode } from "june";
import Article from "./article.tsx";
import Fix from "./fix.tsx";
import Nested from "./nested.tsx";
import Release from "./release.tsx";
import Report from "./report.tsx";
import Summarize from "./summarize.tsx";
import Triage from "./triage.tsx";

const examples = { Release, Nested, Fix, Summarize, Triage, Report, Article };

function* nodes(node: TraceNode): Generator<TraceNode> {
  yield node;
  for (const child of node.children) yield* nodes(child);
}

/** The agent whose step has this id: the step is offered exactly that agent's tools. */
function agentOf(tree: TraceNode, stepId: string): TraceNode {
  const steps = [...nodes(tree)].filter((n) => n.kind === "step" && n.name === stepId);
  expect(steps, `one step "${stepId}"`).toHaveLength(1);
  const parent = [...nodes(tree)].find((n) => n.id === steps[0]!.parentId);
  expect(parent?.kind, `the node around step "${stepId}"`).toBe("agent");
  return parent!;
}

function toolNames(agent: TraceNode): string[] {
  return (agent.tools ?? []).map((t) => t.name);
}

function tool(agent: TraceNode, name: string) {
  const found = (agent.tools ?? []).find((t) => t.name === name);
  expect(found, `tool "${name}" on agent "${agent.name}"`).toBeDefined();
  return found!;
}

/** The composite node an agent draws for one of its composite tools or defined agents. */
function compositeNode(agent: TraceNode, name: string): TraceNode {
  const found = agent.children.filter((n) => n.kind === "composite" && n.name === name);
  expect(found, `composite node "${name}" under agent "${agent.name}"`).toHaveLength(1);
  return found[0]!;
}

describe("every example inspects cleanly", () => {
  for (const [name, Example] of Object.entries(examples)) {
    it(`${name}: no node has an error or failed`, async () => {
      const tree = await inspect(<Example />);
      expect(tree.kind).toBe("run");
      expect(collectErrors(tree)).toEqual([]);
      for (const node of nodes(tree)) {
        expect(node.error, `${node.kind} "${node.name}"`).toBeUndefined();
        expect(node.status, `${node.kind} "${node.name}"`).not.toBe("failed");
      }
    });

    it(`${name}: every agent's tools are exactly its recorded capabilities (no tools prop in the examples)`, async () => {
      const tree = await inspect(<Example />);
      const agents = [...nodes(tree)].filter((n) => n.kind === "agent");
      expect(agents.length).toBeGreaterThan(0);
      for (const agent of agents) {
        expect(toolNames(agent), `agent "${agent.name}"`).toEqual((agent.capabilities ?? []).map((r) => r.name));
      }
    });
  }
});

describe("Release (Capabilities): an agent's capabilities are its own children", () => {
  it("the release step can call readFile and deploy, and nothing else", async () => {
    const agent = agentOf(await inspect(<Release />), "release");
    expect(agent.capabilities).toEqual<CapabilityRecord[]>([
      { name: "readFile", source: '<Tool name="readFile">' },
      { name: "deploy", source: '<Tool name="deploy">' },
    ]);
    expect(toolNames(agent)).toEqual(["readFile", "deploy"]);
  });

  it("declared but unused tools (writeFile, search) are not offered", async () => {
    const agent = agentOf(await inspect(<Release />), "release");
    expect(toolNames(agent)).not.toContain("writeFile");
    expect(toolNames(agent)).not.toContain("search");
  });

  it("deploy waits for approval through its own needsApproval; readFile does not", async () => {
    const agent = agentOf(await inspect(<Release />), "release");
    expect(tool(agent, "deploy").approval).toBe("always");
    expect(tool(agent, "deploy").approvalReasons).toEqual([expect.stringMatching(/own needsApproval/)]);
    expect(tool(agent, "readFile").approval).toBe("never");
    expect(tool(agent, "readFile").approvalReasons).toEqual([]);
  });
});

describe("Nested (Scope): a nested <Agent> starts empty", () => {
  it("outer can call readFile and not search", async () => {
    const outer = agentOf(await inspect(<Nested />), "outer");
    expect(outer.capabilities).toEqual<CapabilityRecord[]>([{ name: "readFile", source: '<Tool name="readFile">' }]);
    expect(toolNames(outer)).toEqual(["readFile"]);
    expect(toolNames(outer)).not.toContain("search");
  });

  it("inner can call search and not readFile", async () => {
    const inner = agentOf(await inspect(<Nested />), "inner");
    expect(inner.capabilities).toEqual<CapabilityRecord[]>([{ name: "search", source: '<Tool name="search">' }]);
    expect(toolNames(inner)).toEqual(["search"]);
    expect(toolNames(inner)).not.toContain("readFile");
  });

  it("inner's agent is a separate node nested inside the outer agent", async () => {
    const tree = await inspect(<Nested />);
    const outer = agentOf(tree, "outer");
    const inner = agentOf(tree, "inner");
    expect(inner).not.toBe(outer);
    expect(inner.parentId).toBe(outer.id);
  });
});

describe("Fix (Bundles): a bundle is transparent", () => {
  it("<Files writable /> adds readFile and writeFile, recorded as coming through <Files>", async () => {
    const agent = agentOf(await inspect(<Fix />), "fix");
    expect(agent.capabilities).toEqual<CapabilityRecord[]>([
      { name: "readFile", source: '<Tool name="readFile"> in <Files>' },
      { name: "writeFile", source: '<Tool name="writeFile"> in <Files>' },
      { name: "deploy", source: '<Tool name="deploy">' },
    ]);
    expect(toolNames(agent)).toEqual(["readFile", "writeFile", "deploy"]);
  });

  it("the bundle's own <Tool>s are unchanged by it: only deploy waits, through its own needsApproval", async () => {
    const agent = agentOf(await inspect(<Fix />), "fix");
    expect(tool(agent, "deploy").approval).toBe("always");
    expect(tool(agent, "deploy").approvalReasons).toEqual([expect.stringMatching(/own needsApproval/)]);
    expect(tool(agent, "readFile").approval).toBe("never");
    expect(tool(agent, "writeFile").approval).toBe("never");
  });

  it("the bundle leaves no node of its own in the tree (no scope, no boundary)", async () => {
    const tree = await inspect(<Fix />);
    expect([...nodes(tree)].map((n) => n.kind)).toEqual(["run", "agent", "step"]);
  });
});

describe("Summarize (Inheriting a parent's tools): capabilities cross only when named", () => {
  it("summarize can call readFile, granted from the enclosing <Agent>", async () => {
    const agent = agentOf(await inspect(<Summarize />), "summarize");
    expect(agent.capabilities).toEqual<CapabilityRecord[]>([
      {
        name: "readFile",
        source: '<Inherit capabilities={["readFile"]}>',
        granted: '<Tool name="readFile"> in the enclosing <Agent>',
      },
    ]);
    expect(toolNames(agent)).toEqual(["readFile"]);
  });

  it("summarize cannot call deploy", async () => {
    const agent = agentOf(await inspect(<Summarize />), "summarize");
    expect(toolNames(agent)).not.toContain("deploy");
  });

  it("the parent keeps both of its own tools", async () => {
    const tree = await inspect(<Summarize />);
    const parent = agentOf(tree, "summarize").parentId;
    const outer = [...nodes(tree)].find((n) => n.id === parent)!;
    expect(outer.kind).toBe("agent");
    expect(outer.capabilities).toEqual<CapabilityRecord[]>([
      { name: "readFile", source: '<Tool name="readFile">' },
      { name: "deploy", source: '<Tool name="deploy">' },
    ]);
  });

  it("what crosses is the parent's own tool, approvals included", async () => {
    const tree = await inspect(<Summarize />);
    const inner = agentOf(tree, "summarize");
    const outer = [...nodes(tree)].find((n) => n.id === inner.parentId)!;
    expect(tool(inner, "readFile").approval).toBe(tool(outer, "readFile").approval);
    expect(tool(inner, "readFile").description).toBe("Read a file");
  });
});

describe("Triage (Wrappers): wrappers transform what they contain", () => {
  it("the agent's tools are github_search, github_close and docs_search, exactly", async () => {
    const agent = agentOf(await inspect(<Triage />), "triage");
    expect(toolNames(agent)).toEqual(["github_search", "github_close", "docs_search"]);
    expect(toolNames(agent)).not.toContain("search");
    expect(toolNames(agent)).not.toContain("close");
  });

  it("records the declaration followed by its wrappers, outermost first", async () => {
    const agent = agentOf(await inspect(<Triage />), "triage");
    expect(agent.capabilities).toEqual<CapabilityRecord[]>([
      { name: "github_search", source: '<Tool name="search"> in <Namespace name="github">' },
      { name: "github_close", source: '<Tool name="close"> in <Namespace name="github"> in <RequireApproval>' },
      { name: "docs_search", source: '<Tool name="search"> in <Namespace name="docs">' },
    ]);
  });

  it("only github_close waits for approval, because of <RequireApproval>", async () => {
    const agent = agentOf(await inspect(<Triage />), "triage");
    const waiting = (agent.tools ?? []).filter((t) => t.approval !== "never").map((t) => t.name);
    expect(waiting).toEqual(["github_close"]);
    expect(tool(agent, "github_close").approval).toBe("always");
    expect(tool(agent, "github_close").approvalReasons).toEqual([expect.stringMatching(/^<RequireApproval>/)]);
  });
});

describe("Report (Composite tools): one tool can be a whole workflow", () => {
  it("the outer agent can call research and nothing else", async () => {
    const agent = agentOf(await inspect(<Report />), "report");
    expect(agent.capabilities).toEqual<CapabilityRecord[]>([
      { name: "research", source: '<Tool name="research">', composite: true },
    ]);
    expect(toolNames(agent)).toEqual(["research"]);
    expect(tool(agent, "research").composite).toBe(true);
    expect(tool(agent, "research").description).toBe("Research a question and report what was found");
  });

  it("the outer agent can't see search", async () => {
    const agent = agentOf(await inspect(<Report />), "report");
    expect(toolNames(agent)).not.toContain("search");
  });

  it("the workflow's own agent has search (and not research), shown under the composite node", async () => {
    const tree = await inspect(<Report />);
    const composite = compositeNode(agentOf(tree, "report"), "research");
    const inner = agentOf(tree, "findings");
    expect(inner.parentId).toBe(composite.id);
    expect(inner.capabilities).toEqual<CapabilityRecord[]>([{ name: "search", source: '<Tool name="search">' }]);
    expect(toolNames(inner)).toEqual(["search"]);
    expect(toolNames(inner)).not.toContain("research");
  });
});

describe("Article (Callable agents): defineAgent is one tool to its caller", () => {
  it("the writer sees one tool, researcher, which runs a workflow of its own", async () => {
    const writer = agentOf(await inspect(<Article />), "write");
    expect(toolNames(writer)).toEqual(["researcher"]);
    expect(writer.capabilities).toHaveLength(1);
    const [record] = writer.capabilities!;
    // The spec doesn't show how a defined agent's declaration is labelled, only that it is composite.
    expect(Object.keys(record!).sort()).toEqual(["composite", "name", "source"]);
    expect(record).toMatchObject({ name: "researcher", composite: true, source: expect.stringContaining("researcher") });
    expect(tool(writer, "researcher").composite).toBe(true);
    expect(tool(writer, "researcher").description).toBe("Researches a question and reports what it found");
  });

  it("the writer can't see search", async () => {
    const writer = agentOf(await inspect(<Article />), "write");
    expect(toolNames(writer)).not.toContain("search");
  });

  it("the defined agent's own node has its private search tool", async () => {
    const writer = agentOf(await inspect(<Article />), "write");
    const composite = compositeNode(writer, "researcher");
    const agents = composite.children.filter((n) => n.kind === "agent");
    expect(agents).toHaveLength(1);
    const researcher = agents[0]!;
    expect(researcher.name).toBe("researcher");
    expect(researcher.capabilities).toEqual<CapabilityRecord[]>([{ name: "search", source: '<Tool name="search">' }]);
    expect(toolNames(researcher)).toEqual(["search"]);
    expect(toolNames(researcher)).not.toContain("researcher");
  });
});

// Keeps the copies honest: each program must match the spec's text byte for byte.
const specPath = process.env.JUNE_SPEC ?? "/work/shared/spec/june-capabilities.txt";
const files = ["release", "nested", "fix", "summarize", "triage", "report", "article"];

describe("the example files are the spec's programs", () => {
  it.skipIf(!existsSync(specPath))(
    `each file is a verbatim copy, in the spec's order (skipped when the spec is not at ${specPath}; set JUNE_SPEC)`,
    () => {
      const programs = specPrograms(readFileSync(specPath, "utf8"));
      expect(programs).toHaveLength(files.length);
      files.forEach((file, i) => {
        expect(readFileSync(new URL(`./${file}.tsx`, import.meta.url), "utf8"), file).toBe(programs[i]);
      });
    },
  );
});

/** Each program runs from its `import { openai }` line to the `}` that closes its default export. */
function specPrograms(spec: string): string[] {
  const lines = spec.split("\n");
  const programs: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i]!.startsWith("import { openai }")) continue;
    let end = i;
    while (end < lines.length && !lines[end]!.startsWith("export default function")) end++;
    while (end < lines.length && lines[end] !== "}") end++;
    programs.push(lines.slice(i, end + 1).join("\n") + "\n");
    i = end;
  }
  return programs;
}
