// Spec section "Bundles": defineCapabilities groups are transparent, nest, are pure functions of
// their props, contain only capabilities, can't contain themselves, and are named for errors.
import { describe, expect, it } from "vitest";
import { Agent, Inherit, Namespace, RequireApproval, Step, Tool, defineAgent, defineCapabilities } from "june";
import { z } from "zod";
import type { JuneNode } from "june";
import { aTool, agentOfStep, errorOf, noErrors, toolNames } from "../../test/support/tree.ts";

const readFile = aTool("readFile");
const writeFile = aTool("writeFile");

const Files = defineCapabilities(
  ({ writable = false }: { writable?: boolean }) => (
    <>
      <Tool name="readFile" value={readFile} />
      {writable && <Tool name="writeFile" value={writeFile} />}
    </>
  ),
  { name: "Files" },
);

describe("Bundles", () => {
  it("a bundle adds what it composes to the agent it's in, with conditions on its props", async () => {
    const tree = await noErrors(
      <Agent>
        <Files writable />
        <Tool name="deploy" value={aTool("deploy")} />
        <Step id="fix" prompt="Fix the failing test" />
      </Agent>,
    );
    expect(toolNames(agentOfStep(tree, "fix"))).toEqual(["readFile", "writeFile", "deploy"]);
    const readOnly = await noErrors(
      <Agent>
        <Files />
        <Step id="fix" prompt="p" />
      </Agent>,
    );
    expect(toolNames(agentOfStep(readOnly, "fix"))).toEqual(["readFile"]);
  });

  it("a bundle is transparent: it is no boundary, so a nested agent still can't see its tools", async () => {
    const tree = await noErrors(
      <Agent>
        <Files />
        <Agent>
          <Step id="inner" prompt="p" />
        </Agent>
      </Agent>,
    );
    expect(toolNames(agentOfStep(tree, "inner"))).toEqual([]);
  });

  it("bundles nest: a bundle can return other bundles, tools, wrappers and fragments", async () => {
    const Search = defineCapabilities(() => <Tool name="search" value={aTool("search")} />, { name: "Search" });
    const Everything = defineCapabilities(
      () => (
        <>
          <Files writable />
          <Namespace name="web">
            <Search />
          </Namespace>
        </>
      ),
      { name: "Everything" },
    );
    const tree = await noErrors(
      <Agent>
        <Everything />
        <Step id="s" prompt="p" />
      </Agent>,
    );
    const agent = agentOfStep(tree, "s");
    expect(toolNames(agent)).toEqual(["readFile", "writeFile", "web_search"]);
    expect(agent.capabilities).toContainEqual({
      name: "web_search",
      source: '<Tool name="search"> in <Everything> in <Namespace name="web"> in <Search>',
    });
  });

  it("a bundle is called while the agent renders, with its props, as a pure function", async () => {
    const seen: unknown[] = [];
    const Probe = defineCapabilities(
      (props: { flavour: string }) => {
        seen.push(props);
        return <Tool name={`t_${props.flavour}`} value={aTool("t")} />;
      },
      { name: "Probe" },
    );
    const tree = await noErrors(
      <Agent>
        <Probe flavour="mint" />
        <Step id="s" prompt="p" />
      </Agent>,
    );
    expect(seen).toEqual([{ flavour: "mint" }]);
    expect(toolNames(agentOfStep(tree, "s"))).toEqual(["t_mint"]);
  });

  it("a bundle returning a <Step> is an error", async () => {
    const Bad = defineCapabilities(() => <Step id="sneaky" prompt="p" />, { name: "Bad" });
    const error = await errorOf(
      <Agent>
        <Bad />
      </Agent>,
    );
    expect(error.code).toBe("JUNE_BUNDLE_NOT_CAPABILITY");
    expect(error.message).toContain("<Bad>");
    expect(error.message).toContain('<Step id="sneaky">');
    expect(error.message).toContain("only capabilities");
  });

  it("a bundle returning a component of your own is an error", async () => {
    function Helper(): JuneNode {
      return null;
    }
    const Bad = defineCapabilities(() => <Helper />, { name: "Bad" });
    const error = await errorOf(
      <Agent>
        <Bad />
      </Agent>,
    );
    expect(error.code).toBe("JUNE_BUNDLE_NOT_CAPABILITY");
    expect(error.message).toContain("<Helper>, a component of your own");
  });

  it("a bundle returning an <Agent> is an error", async () => {
    const Bad = defineCapabilities(() => <Agent />, { name: "Bad" });
    const error = await errorOf(
      <Agent>
        <Bad />
      </Agent>,
    );
    expect(error.code).toBe("JUNE_BUNDLE_NOT_CAPABILITY");
    expect(error.message).toContain("<Agent>");
  });

  it("a bundle can't contain itself: the cycle fails with the chain <A> > <B> > <A>", async () => {
    const A: ReturnType<typeof defineCapabilities> = defineCapabilities(() => <B />, { name: "A" });
    const B: ReturnType<typeof defineCapabilities> = defineCapabilities(() => <A />, { name: "B" });
    const error = await errorOf(
      <Agent>
        <A />
      </Agent>,
    );
    expect(error.code).toBe("JUNE_BUNDLE_CYCLE");
    expect(error.message).toContain("<A> > <B> > <A>");
  });

  it("a bundle that contains itself directly names the one-link chain", async () => {
    const Self: ReturnType<typeof defineCapabilities> = defineCapabilities(() => <Self />, { name: "Self" });
    const error = await errorOf(
      <Agent>
        <Self />
      </Agent>,
    );
    expect(error.code).toBe("JUNE_BUNDLE_CYCLE");
    expect(error.message).toContain("<Self> > <Self>");
  });

  it("using one bundle twice side by side is no cycle (it collides on names instead)", async () => {
    const error = await errorOf(
      <Agent>
        <Files />
        <Files />
      </Agent>,
    );
    expect(error.code).toBe("JUNE_COLLISION");
    expect(error.message.match(/<Tool name="readFile"> in <Files>/g)).toHaveLength(2);
  });

  describe("name is for errors", () => {
    it("the name option names the bundle", async () => {
      const error = await errorOf(
        <Agent>
          <Files />
          <Tool name="readFile" value={aTool("x")} />
        </Agent>,
      );
      expect(error.message).toContain("<Files>");
    });

    it("without it, the function's own name is used", async () => {
      const Coding = defineCapabilities(function Coding() {
        return <Tool name="edit" value={aTool("edit")} />;
      });
      const error = await errorOf(
        <Agent>
          <Coding />
          <Tool name="edit" value={aTool("x")} />
        </Agent>,
      );
      expect(error.message).toContain('<Tool name="edit"> in <Coding>');
    });

    it("an anonymous bundle without a name is called <Capabilities>", async () => {
      const error = await errorOf(
        <Agent>
          {(() => {
            const Anon = defineCapabilities(() => <Tool name="x" value={aTool("x")} />);
            return <Anon />;
          })()}
          <Tool name="x" value={aTool("y")} />
        </Agent>,
      );
      expect(error.message).toContain('<Tool name="x"> in <Capabilities>');
    });
  });

  it("a bundle may hold <RequireApproval>, <Inherit> and defined agents", async () => {
    const Researcher = defineAgent({
      name: "researcher",
      description: "Researches",
      input: z.object({ question: z.string() }),
      prompt: ({ question }) => question,
    });
    const Kit = defineCapabilities(
      () => (
        <>
          <RequireApproval>
            <Tool name="close" value={aTool("close")} />
          </RequireApproval>
          <Inherit capabilities={["readFile"]} />
          <Researcher />
        </>
      ),
      { name: "Kit" },
    );
    const tree = await noErrors(
      <Agent>
        <Tool name="readFile" value={readFile} />
        <Agent>
          <Kit />
          <Step id="s" prompt="p" />
        </Agent>
      </Agent>,
    );
    const agent = agentOfStep(tree, "s");
    expect(toolNames(agent)).toEqual(["close", "readFile", "researcher"]);
    expect(agent.tools!.find((t) => t.name === "close")!.approval).toBe("always");
  });
});
