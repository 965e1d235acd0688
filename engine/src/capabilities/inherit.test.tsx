// Spec section "Inheriting a parent's tools": a tool crosses into a nested agent only when named.
import { describe, expect, it } from "vitest";
import { Agent, Inherit, Namespace, RequireApproval, Step, Tool, defineCapabilities } from "june";
import { aTool, agentOfStep, errorOf, noErrors, toolNames } from "../../test/support/tree.ts";

const readFile = aTool("readFile");
const deploy = aTool("deploy", { needsApproval: true });

describe("Inheriting a parent's tools", () => {
  it("<Inherit> passes down the enclosing agent's tools of those names, and nothing else", async () => {
    const tree = await noErrors(
      <Agent>
        <Tool name="readFile" value={readFile} />
        <Tool name="deploy" value={deploy} />
        <Agent>
          <Inherit capabilities={["readFile"]} />
          <Step id="summarize" prompt="Summarize README.md" />
        </Agent>
      </Agent>,
    );
    expect(toolNames(agentOfStep(tree, "summarize"))).toEqual(["readFile"]);
  });

  it("nothing is inherited unless named: without <Inherit> a nested agent has none of the parent's tools", async () => {
    const tree = await noErrors(
      <Agent tools={{ readFile }}>
        <Tool name="deploy" value={deploy} />
        <Agent>
          <Step id="inner" prompt="p" />
        </Agent>
      </Agent>,
    );
    expect(toolNames(agentOfStep(tree, "inner"))).toEqual([]);
  });

  it("the parent is the agent directly around: a grandchild can't reach the grandparent", async () => {
    const error = await errorOf(
      <Agent>
        <Tool name="readFile" value={readFile} />
        <Agent name="child">
          <Tool name="search" value={aTool("search")} />
          <Agent name="grandchild">
            <Inherit capabilities={["readFile"]} />
          </Agent>
        </Agent>
      </Agent>,
    );
    expect(error.code).toBe("JUNE_INHERIT_MISSING");
    expect(error.message).toContain('"readFile"');
    expect(error.message).toContain('It has: "search"');
  });

  it("to pass something down two levels, each level inherits it", async () => {
    const tree = await noErrors(
      <Agent>
        <Tool name="readFile" value={readFile} />
        <Agent>
          <Inherit capabilities={["readFile"]} />
          <Agent>
            <Inherit capabilities={["readFile"]} />
            <Step id="deep" prompt="p" />
          </Agent>
        </Agent>
      </Agent>,
    );
    const deep = agentOfStep(tree, "deep");
    expect(toolNames(deep)).toEqual(["readFile"]);
    expect(deep.capabilities).toEqual([
      {
        name: "readFile",
        source: '<Inherit capabilities={["readFile"]}>',
        granted: '<Inherit capabilities={["readFile"]}> in the enclosing <Agent>',
      },
    ]);
  });

  it("no agent can reach a sibling's tools", async () => {
    const error = await errorOf(
      <Agent>
        <Agent>
          <Tool name="secret" value={aTool("secret")} />
        </Agent>
        <Agent>
          <Inherit capabilities={["secret"]} />
        </Agent>
      </Agent>,
    );
    expect(error.code).toBe("JUNE_INHERIT_MISSING");
    expect(error.message).toContain("It has no tools.");
  });

  it("a name the parent doesn't have fails, with the names it does have", async () => {
    const error = await errorOf(
      <Agent>
        <Tool name="readFile" value={readFile} />
        <Tool name="deploy" value={deploy} />
        <Agent name="summarizer">
          <Inherit capabilities={["writeFile"]} />
        </Agent>
      </Agent>,
    );
    expect(error.code).toBe("JUNE_INHERIT_MISSING");
    expect(error.message).toContain('"writeFile"');
    expect(error.message).toContain('It has: "readFile", "deploy"');
    expect(error.message).toContain('<Agent> "summarizer"');
  });

  it("a name listed twice fails", async () => {
    const error = await errorOf(
      <Agent>
        <Tool name="readFile" value={readFile} />
        <Agent>
          <Inherit capabilities={["readFile", "readFile"]} />
        </Agent>
      </Agent>,
    );
    expect(error.code).toBe("JUNE_INHERIT_DUPLICATE");
    expect(error.message).toContain('"readFile" twice');
  });

  it("an <Inherit> with no agent around it fails", async () => {
    const error = await errorOf(<Inherit capabilities={["readFile"]} />);
    expect(error.code).toBe("JUNE_INHERIT_NO_PARENT");
    expect(error.message).toContain('<Inherit capabilities={["readFile"]}>');
  });

  it("an <Inherit> in a top-level agent, which has no parent, fails", async () => {
    const error = await errorOf(
      <Agent name="root">
        <Inherit capabilities={["readFile"]} />
      </Agent>,
    );
    expect(error.code).toBe("JUNE_INHERIT_NO_PARENT");
    expect(error.message).toContain('<Agent> "root"');
  });

  it("what crosses is the parent's own tool, approvals included", async () => {
    const tree = await noErrors(
      <Agent>
        <Tool name="deploy" value={deploy} />
        <Agent>
          <Inherit capabilities={["deploy"]} />
          <Step id="s" prompt="p" />
        </Agent>
      </Agent>,
    );
    const info = agentOfStep(tree, "s").tools![0]!;
    expect(info.approval).toBe("always");
    expect(info.approvalReasons).toEqual(["its own needsApproval: true, in the enclosing <Agent>"]);
  });

  it("a granted tool is a declaration like any other: declaring one of the same name collides, naming the <Inherit>", async () => {
    const error = await errorOf(
      <Agent>
        <Tool name="readFile" value={readFile} />
        <Agent>
          <Inherit capabilities={["readFile"]} />
          <Tool name="readFile" value={aTool("mine")} />
        </Agent>
      </Agent>,
    );
    expect(error.code).toBe("JUNE_COLLISION");
    expect(error.message).toContain('brought by <Inherit capabilities={["readFile"]}>');
  });

  it("a grant carries the tool as the parent sees it: renamed by <Namespace>, gated by <RequireApproval>", async () => {
    const tree = await noErrors(
      <Agent>
        <Namespace name="github">
          <RequireApproval>
            <Tool name="close" value={aTool("close")} />
          </RequireApproval>
        </Namespace>
        <Agent>
          <Inherit capabilities={["github_close"]} />
          <Step id="s" prompt="p" />
        </Agent>
      </Agent>,
    );
    const agent = agentOfStep(tree, "s");
    expect(toolNames(agent)).toEqual(["github_close"]);
    expect(agent.tools![0]!.approval).toBe("always");
    expect(agent.capabilities).toEqual([
      {
        name: "github_close",
        source: '<Inherit capabilities={["github_close"]}>',
        granted: '<Tool name="close"> in <Namespace name="github"> in <RequireApproval> in the enclosing <Agent>',
      },
    ]);
  });

  it("the parent's pre-namespace name is not there to inherit", async () => {
    const error = await errorOf(
      <Agent>
        <Namespace name="github">
          <Tool name="close" value={aTool("close")} />
        </Namespace>
        <Agent>
          <Inherit capabilities={["close"]} />
        </Agent>
      </Agent>,
    );
    expect(error.code).toBe("JUNE_INHERIT_MISSING");
    expect(error.message).toContain('It has: "github_close"');
  });

  it("a grant can't loosen what the parent's tool needs: a wrapper in the child can only add", async () => {
    const tree = await noErrors(
      <Agent>
        <Tool name="readFile" value={readFile} />
        <Agent>
          <RequireApproval>
            <Inherit capabilities={["readFile"]} />
          </RequireApproval>
          <Step id="s" prompt="p" />
        </Agent>
      </Agent>,
    );
    expect(agentOfStep(tree, "s").tools![0]!.approval).toBe("always");
  });

  it("a tool from the parent's tools prop can be inherited by name", async () => {
    const tree = await noErrors(
      <Agent tools={{ readFile }}>
        <Agent>
          <Inherit capabilities={["readFile"]} />
          <Step id="s" prompt="p" />
        </Agent>
      </Agent>,
    );
    expect(agentOfStep(tree, "s").capabilities![0]!.granted).toBe('the tools prop key "readFile" in the enclosing <Agent>');
  });

  it("<Inherit> may come through a bundle", async () => {
    const Reading = defineCapabilities(() => <Inherit capabilities={["readFile"]} />, { name: "Reading" });
    const tree = await noErrors(
      <Agent>
        <Tool name="readFile" value={readFile} />
        <Agent>
          <Reading />
          <Step id="s" prompt="p" />
        </Agent>
      </Agent>,
    );
    expect(agentOfStep(tree, "s").capabilities![0]!.source).toBe('<Inherit capabilities={["readFile"]}> in <Reading>');
  });
});
