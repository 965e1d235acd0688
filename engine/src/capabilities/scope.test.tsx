// Spec section "Scope": JSX structure defines scope; nested agents start empty; capabilities go
// directly in the agent's children; names are unique.
import { describe, expect, it } from "vitest";
import { Agent, Inherit, Namespace, Step, Tool, defineCapabilities } from "june";
import { aTool, agentOfStep, errorOf, noErrors, toolNames } from "../../test/support/tree.ts";

const readFile = aTool("readFile");
const search = aTool("search");

describe("Scope", () => {
  it("an agent's capabilities are the ones in its own children", async () => {
    const tree = await noErrors(
      <Agent>
        <Tool name="readFile" value={readFile} />
        <Step id="outer" prompt="Read package.json" />
      </Agent>,
    );
    expect(toolNames(agentOfStep(tree, "outer"))).toEqual(["readFile"]);
  });

  it("a nested agent starts empty: it sees its own tools, not its parent's", async () => {
    const tree = await noErrors(
      <Agent>
        <Tool name="readFile" value={readFile} />
        <Step id="outer" prompt="Read package.json" />
        <Agent>
          <Tool name="search" value={search} />
          <Step id="inner" prompt="Search for its dependencies" />
        </Agent>
      </Agent>,
    );
    expect(toolNames(agentOfStep(tree, "outer"))).toEqual(["readFile"]);
    expect(toolNames(agentOfStep(tree, "inner"))).toEqual(["search"]);
  });

  it("capabilities may stand in a fragment, an array or a bundle in the agent's children", async () => {
    const Bundle = defineCapabilities(() => <Tool name="c" value={aTool("c")} />, { name: "Bundle" });
    const tree = await noErrors(
      <Agent>
        <>
          <Tool name="a" value={aTool("a")} />
        </>
        {[<Tool key="b" name="b" value={aTool("b")} />]}
        <Bundle />
        <Step id="s" prompt="p" />
      </Agent>,
    );
    expect(toolNames(agentOfStep(tree, "s"))).toEqual(["a", "b", "c"]);
  });

  it("conditions work as usual", async () => {
    const agentWith = (writable: boolean) => (
      <Agent>
        <Tool name="read" value={aTool("read")} />
        {writable && <Tool name="write" value={aTool("write")} />}
        <Step id="s" prompt="p" />
      </Agent>
    );
    expect(toolNames(agentOfStep(await noErrors(agentWith(true)), "s"))).toEqual(["read", "write"]);
    expect(toolNames(agentOfStep(await noErrors(agentWith(false)), "s"))).toEqual(["read"]);
  });

  it("a capability inside a component of your own fails with an error that says so", async () => {
    function MyTools() {
      return <Tool name="search" value={search} />;
    }
    const error = await errorOf(
      <Agent>
        <MyTools />
        <Step id="s" prompt="p" />
      </Agent>,
    );
    expect(error.code).toBe("JUNE_CAPABILITY_IN_COMPONENT");
    expect(error.message).toContain('<Tool name="search">');
    expect(error.message).toContain("<MyTools>, a component of your own");
    expect(error.message).toContain("defineCapabilities");
  });

  it("a component of your own renders workflow: steps and agents", async () => {
    function Review({ id }: { id: string }) {
      return <Step id={id} prompt="Review it" />;
    }
    const tree = await noErrors(
      <Agent>
        <Tool name="readFile" value={readFile} />
        <Review id="review" />
      </Agent>,
    );
    expect(toolNames(agentOfStep(tree, "review"))).toEqual(["readFile"]);
  });

  it("a capability outside any agent is an error", async () => {
    const error = await errorOf(<Tool name="search" value={search} />);
    expect(error.code).toBe("JUNE_CAPABILITY_OUTSIDE_AGENT");
    expect(error.message).toContain('<Tool name="search">');
  });

  it("a step outside any agent is an error", async () => {
    const error = await errorOf(<Step id="lost" prompt="p" />);
    expect(error.code).toBe("JUNE_STEP_OUTSIDE_AGENT");
    expect(error.message).toContain('<Step id="lost">');
  });

  describe("names are unique", () => {
    it("two declarations of one name fail, naming both", async () => {
      const error = await errorOf(
        <Agent name="fix">
          <Tool name="search" value={search} />
          <Tool name="search" value={aTool("other")} />
          <Step id="s" prompt="p" />
        </Agent>,
      );
      expect(error.code).toBe("JUNE_COLLISION");
      expect(error.message).toContain('"search"');
      expect(error.message.match(/<Tool name="search">/g)).toHaveLength(2);
      expect(error.message).toContain('<Agent> "fix"');
    });

    it("a collision names the bundles both declarations came from", async () => {
      const Files = defineCapabilities(() => <Tool name="readFile" value={readFile} />, { name: "Files" });
      const Disk = defineCapabilities(() => <Tool name="readFile" value={aTool("disk")} />, { name: "Disk" });
      const error = await errorOf(
        <Agent>
          <Files />
          <Disk />
          <Step id="s" prompt="p" />
        </Agent>,
      );
      expect(error.code).toBe("JUNE_COLLISION");
      expect(error.message).toContain('<Tool name="readFile"> in <Files>');
      expect(error.message).toContain('<Tool name="readFile"> in <Disk>');
    });

    it("a tool from the tools prop collides with a declaration, naming both", async () => {
      const error = await errorOf(
        <Agent tools={{ search }}>
          <Tool name="search" value={aTool("other")} />
          <Step id="s" prompt="p" />
        </Agent>,
      );
      expect(error.code).toBe("JUNE_COLLISION");
      expect(error.message).toContain('<Tool name="search">');
      expect(error.message).toContain('<Agent tools={{ "search" }}>');
    });

    it("a namespaced tool colliding names the original tool and the namespace", async () => {
      const error = await errorOf(
        <Agent>
          <Namespace name="github">
            <Tool name="search" value={search} />
          </Namespace>
          <Tool name="github_search" value={aTool("other")} />
          <Step id="s" prompt="p" />
        </Agent>,
      );
      expect(error.code).toBe("JUNE_COLLISION");
      expect(error.message).toContain('"github_search"');
      expect(error.message).toContain('<Tool name="search"> in <Namespace name="github">');
      expect(error.message).toContain('<Tool name="github_search">');
    });

    it("a granted tool colliding names the <Inherit> that brought it", async () => {
      const error = await errorOf(
        <Agent>
          <Tool name="files" value={aTool("files")} />
          <Agent name="child">
            <Inherit capabilities={["files"]} />
            <Tool name="files" value={aTool("mine")} />
            <Step id="s" prompt="p" />
          </Agent>
        </Agent>,
      );
      expect(error.code).toBe("JUNE_COLLISION");
      expect(error.message).toContain('<Tool name="files"> in the enclosing <Agent>, brought by <Inherit capabilities={["files"]}>');
      expect(error.message).toContain('<Agent> "child"');
    });

    it("errors carry the file and line where each declaration was written", async () => {
      const error = await errorOf(
        <Agent>
          <Tool name="x" value={aTool("x")} />
          <Tool name="x" value={aTool("y")} />
        </Agent>,
      );
      expect(error.message).toMatch(/scope\.test\.tsx:\d+:\d+/);
    });
  });
});

describe("JSX forms", () => {
  it("spread props with a key compile to createElement and still declare", async () => {
    const props = { name: "spread", value: aTool("spread") };
    const tree = await noErrors(
      <Agent>
        <Tool {...props} key="k" />
        <Step id="s" prompt="p" />
      </Agent>,
    );
    expect(toolNames(agentOfStep(tree, "s"))).toEqual(["spread"]);
  });
});
