// Spec section "Wrappers": <RequireApproval> and <Namespace> transform the declarations inside
// them and nothing else; they nest innermost first and hold only capabilities.
import { describe, expect, it } from "vitest";
import { Agent, Bash, Namespace, RequireApproval, Step, Tool, defineCapabilities } from "june";
import { aTool, agentOfStep, errorOf, noErrors, toolNames } from "../../test/support/tree.ts";

const searchIssues = aTool("searchIssues");
const searchDocs = aTool("searchDocs");
const closeIssue = aTool("closeIssue");

function tools(tree: Awaited<ReturnType<typeof noErrors>>, step = "s") {
  return Object.fromEntries(agentOfStep(tree, step).tools!.map((t) => [t.name, t]));
}

describe("Wrappers", () => {
  it("Triage: github_search, github_close and docs_search, and only github_close waits for approval", async () => {
    const tree = await noErrors(
      <Agent>
        <Namespace name="github">
          <Tool name="search" value={searchIssues} />
          <RequireApproval>
            <Tool name="close" value={closeIssue} />
          </RequireApproval>
        </Namespace>
        <Namespace name="docs">
          <Tool name="search" value={searchDocs} />
        </Namespace>
        <Step id="s" prompt="Close the issues the docs already answer" />
      </Agent>,
    );
    const t = tools(tree);
    expect(Object.keys(t)).toEqual(["github_search", "github_close", "docs_search"]);
    expect(Object.values(t).filter((x) => x.approval === "always").map((x) => x.name)).toEqual(["github_close"]);
  });

  describe("<RequireApproval>", () => {
    it("makes every tool inside it wait for approval through the AI SDK's needsApproval", async () => {
      const tree = await noErrors(
        <Agent>
          <RequireApproval>
            <Tool name="a" value={aTool("a")} />
            <Tool name="b" value={aTool("b")} />
          </RequireApproval>
          <Step id="s" prompt="p" />
        </Agent>,
      );
      expect(Object.values(tools(tree)).map((t) => t.approval)).toEqual(["always", "always"]);
    });

    it("only adds: a tool inside that says needsApproval: false still waits", async () => {
      const tree = await noErrors(
        <Agent>
          <RequireApproval>
            <Bash needsApproval={false} />
            <Tool name="quiet" value={aTool("quiet", { needsApproval: false })} />
          </RequireApproval>
          <Step id="s" prompt="p" />
        </Agent>,
      );
      expect(tools(tree).bash!.approval).toBe("always");
      expect(tools(tree).quiet!.approval).toBe("always");
      expect(tools(tree).bash!.approvalReasons[0]).toMatch(/^<RequireApproval> \(.*wrappers\.test\.tsx:\d+:\d+\)$/);
    });

    it("a per-call needsApproval function is overridden to always wait", async () => {
      const perCall = { ...aTool("perCall"), needsApproval: async () => false };
      const tree = await noErrors(
        <Agent>
          <Tool name="free" value={perCall} />
          <RequireApproval>
            <Tool name="gated" value={perCall} />
          </RequireApproval>
          <Step id="s" prompt="p" />
        </Agent>,
      );
      expect(tools(tree).free!.approval).toBe("per-call");
      expect(tools(tree).gated!.approval).toBe("always");
    });

    it("changes tools by returning new ones: the original tool object is never altered", async () => {
      const original = aTool("original");
      await noErrors(
        <Agent>
          <RequireApproval>
            <Tool name="x" value={original} />
          </RequireApproval>
          <Tool name="y" value={original} />
          <Step id="s" prompt="p" />
        </Agent>,
      );
      expect((original as { needsApproval?: unknown }).needsApproval).toBeUndefined();
    });
  });

  describe("<Namespace>", () => {
    it("puts name_ in front of every tool inside it, incl. bundles and fragments", async () => {
      const Files = defineCapabilities(() => <Tool name="read" value={aTool("read")} />, { name: "Files" });
      const tree = await noErrors(
        <Agent>
          <Namespace name="fs">
            <Files />
            <>
              <Tool name="stat" value={aTool("stat")} />
            </>
          </Namespace>
          <Step id="s" prompt="p" />
        </Agent>,
      );
      expect(toolNames(agentOfStep(tree, "s"))).toEqual(["fs_read", "fs_stat"]);
    });

    it.each(["github", "my-tools", "A1"])("accepts the name %j", async (name) => {
      await noErrors(
        <Agent>
          <Namespace name={name}>
            <Tool name="t" value={aTool("t")} />
          </Namespace>
        </Agent>,
      );
    });

    it.each(["", "1github", "-x", "git_hub", "git hub", "gît"])("refuses the name %j: letters, digits and hyphens, starting with a letter", async (name) => {
      const error = await errorOf(
        <Agent>
          <Namespace name={name}>
            <Tool name="t" value={aTool("t")} />
          </Namespace>
        </Agent>,
      );
      expect(error.code).toBe("JUNE_INVALID_NAMESPACE");
      expect(error.message).toContain(`<Namespace name=${JSON.stringify(name)}>`);
      expect(error.message).toContain("letters, digits and hyphens, starting with a letter");
    });
  });

  describe("wrappers nest, innermost first; the outer has the last word", () => {
    it('<Namespace name="a"><Namespace name="b"> gives a_b_tool', async () => {
      const tree = await noErrors(
        <Agent>
          <Namespace name="a">
            <Namespace name="b">
              <Tool name="tool" value={aTool("tool")} />
            </Namespace>
          </Namespace>
          <Step id="s" prompt="p" />
        </Agent>,
      );
      expect(toolNames(agentOfStep(tree, "s"))).toEqual(["a_b_tool"]);
    });

    it("a <RequireApproval> around anything applies to it whatever is inside", async () => {
      const tree = await noErrors(
        <Agent>
          <RequireApproval>
            <Namespace name="ops">
              <Bash needsApproval={false} />
            </Namespace>
          </RequireApproval>
          <Step id="s" prompt="p" />
        </Agent>,
      );
      expect(tools(tree).ops_bash!.approval).toBe("always");
    });
  });

  it("a wrapper governs only what it contains: not tools outside it, nor a nested agent's", async () => {
    const tree = await noErrors(
      <Agent>
        <Namespace name="ns">
          <RequireApproval>
            <Tool name="inside" value={aTool("inside")} />
          </RequireApproval>
        </Namespace>
        <Tool name="outside" value={aTool("outside")} />
        <Step id="s" prompt="p" />
        <Agent>
          <Tool name="nested" value={aTool("nested")} />
          <Step id="n" prompt="p" />
        </Agent>
      </Agent>,
    );
    expect(tools(tree).ns_inside!.approval).toBe("always");
    expect(tools(tree).outside!.approval).toBe("never");
    expect(tools(tree, "n").nested!.approval).toBe("never");
  });

  it.each([
    ["<Namespace>", (c: any) => <Namespace name="x">{c}</Namespace>],
    ["<RequireApproval>", (c: any) => <RequireApproval>{c}</RequireApproval>],
  ])("%s holds only capabilities: a <Step> inside is an error", async (label, wrap) => {
    const error = await errorOf(<Agent>{wrap(<Step id="inner" prompt="p" />)}</Agent>);
    expect(error.code).toBe("JUNE_WRAPPER_NOT_CAPABILITY");
    expect(error.message).toContain(label.slice(0, -1));
    expect(error.message).toContain('<Step id="inner">');
    expect(error.message).toContain("only capabilities");
  });

  it("a nested <Agent> inside a wrapper is an error", async () => {
    const error = await errorOf(
      <Agent>
        <RequireApproval>
          <Agent />
        </RequireApproval>
      </Agent>,
    );
    expect(error.code).toBe("JUNE_WRAPPER_NOT_CAPABILITY");
  });
});
