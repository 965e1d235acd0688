// Spec section "Seeing what an agent has": the capabilities record on an agent's trace node is
// plain data — name, source, composite, granted — and never a tool, a function or props.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Agent, Bash, Inherit, Namespace, Step, Tool, defineCapabilities, inspect } from "june";
import { aTool, agentOfStep, noErrors } from "../../test/support/tree.ts";

const Coding = defineCapabilities(() => <Bash cwd="/secret/place" env={{ TOKEN: "s3cr3t" }} />, { name: "Coding" });

function SpecShape() {
  return (
    <Agent>
      <Tool name="files" value={aTool("files")} />
      <Agent>
        <Coding />
        <Namespace name="github">
          <Tool name="search" value={aTool("search")} />
        </Namespace>
        <Tool name="research" description="Research a question" input={z.object({ question: z.string() })}>
          {({ question }) => (
            <Agent>
              <Step id="findings" prompt={`Research: ${question}`} />
            </Agent>
          )}
        </Tool>
        <Inherit capabilities={["files"]} />
        <Step id="work" prompt="p" />
      </Agent>
    </Agent>
  );
}

describe("Seeing what an agent has", () => {
  it("records exactly the spec's list for bash, namespace, composite and granted tools", async () => {
    const tree = await noErrors(<SpecShape />);
    expect(agentOfStep(tree, "work").capabilities).toEqual([
      { name: "bash", source: "<Bash> in <Coding>" },
      { name: "github_search", source: '<Tool name="search"> in <Namespace name="github">' },
      { name: "research", source: '<Tool name="research">', composite: true },
      { name: "files", source: '<Inherit capabilities={["files"]}>', granted: '<Tool name="files"> in the enclosing <Agent>' },
    ]);
  });

  it("is plain JSON: it survives a JSON round trip unchanged and holds no cwd or env", async () => {
    const tree = await noErrors(<SpecShape />);
    const records = agentOfStep(tree, "work").capabilities!;
    expect(JSON.parse(JSON.stringify(records))).toEqual(records);
    const everything = JSON.stringify(tree);
    expect(everything).not.toContain("/secret/place");
    expect(everything).not.toContain("s3cr3t");
    for (const record of records) {
      for (const value of Object.values(record)) expect(["string", "boolean"]).toContain(typeof value);
    }
  });

  it("an agent that only uses the tools prop records no capabilities (but still lists its tools)", async () => {
    const tree = await noErrors(
      <Agent tools={{ search: aTool("search") }}>
        <Step id="s" prompt="p" />
      </Agent>,
    );
    const agent = agentOfStep(tree, "s");
    expect(agent.capabilities).toBeUndefined();
    expect(agent.tools!.map((t) => t.name)).toEqual(["search"]);
  });

  it("an agent that declares capabilities records its tools prop tools too", async () => {
    const tree = await noErrors(
      <Agent tools={{ search: aTool("search") }}>
        <Tool name="read" value={aTool("read")} />
        <Step id="s" prompt="p" />
      </Agent>,
    );
    expect(agentOfStep(tree, "s").capabilities).toEqual([
      { name: "read", source: '<Tool name="read">' },
      { name: "search", source: '<Agent tools={{ "search" }}>' },
    ]);
  });

  it("the agent node is named by its name prop, else by the component that returned it", async () => {
    function Release() {
      return (
        <Agent>
          <Step id="s" prompt="p" />
        </Agent>
      );
    }
    const tree = await inspect(
      <>
        <Release />
        <Agent name="named">
          <Step id="t" prompt="p" />
        </Agent>
      </>,
    );
    expect(tree.children.map((c) => [c.kind, c.name])).toEqual([
      ["agent", "Release"],
      ["agent", "named"],
    ]);
  });

  it("each tool's provenance and approval reasons are listed for the studio's inspector", async () => {
    const tree = await noErrors(<SpecShape />);
    const bash = agentOfStep(tree, "work").tools!.find((t) => t.name === "bash")!;
    expect(bash.approval).toBe("always");
    expect(bash.approvalReasons).toEqual(["<Bash> needs approval unless needsApproval={false}"]);
    expect(bash.provenance[0]).toMatch(/^<Bash> \(.*records\.test\.tsx:\d+:\d+\)$/);
    expect(bash.provenance[1]).toMatch(/^<Coding> \(/);
  });
});
