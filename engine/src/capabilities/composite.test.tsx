// Spec sections "Composite tools" and "Callable agents", as far as scope goes: what the calling
// agent sees, and the private scope of the workflow inside (running them is tested in run/).
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Agent, Inherit, Step, Tool, defineAgent } from "june";
import { aTool, agentOfStep, errorOf, noErrors, toolNames } from "../../test/support/tree.ts";

const searchWeb = aTool("searchWeb");

function Report() {
  return (
    <Agent>
      <Tool name="research" description="Research a question and report what was found" input={z.object({ question: z.string() })}>
        {({ question }) => (
          <Agent>
            <Tool name="search" value={searchWeb} />
            <Step id="findings" prompt={`Research: ${question}`} />
          </Agent>
        )}
      </Tool>
      <Step id="report" prompt="Research how Suspense works, then write a summary" />
    </Agent>
  );
}

const Researcher = defineAgent({
  name: "researcher",
  description: "Researches a question and reports what it found",
  input: z.object({ question: z.string() }),
  instructions: "You research carefully and cite what you find.",
  prompt: ({ question }) => `Research: ${question}`,
  capabilities: () => <Tool name="search" value={searchWeb} />,
});

describe("Composite tools", () => {
  it("the outer agent can call research and nothing else: it can't see search", async () => {
    const tree = await noErrors(<Report />);
    const outer = agentOfStep(tree, "report");
    expect(toolNames(outer)).toEqual(["research"]);
    expect(outer.capabilities).toEqual([{ name: "research", source: '<Tool name="research">', composite: true }]);
  });

  it("the workflow's agents have their own tools, drawn as a subtree with the input's fields as placeholders", async () => {
    const tree = await noErrors(<Report />);
    const composite = agentOfStep(tree, "report").children.find((c) => c.kind === "composite")!;
    expect(composite.name).toBe("research");
    const inner = agentOfStep(composite, "findings");
    expect(toolNames(inner)).toEqual(["search"]);
    expect(inner.children[0]!.input).toEqual({ prompt: "Research: {question}" });
  });

  it("a workflow agent takes a tool of the calling agent only through <Inherit>", async () => {
    const tree = await noErrors(
      <Agent>
        <Tool name="files" value={aTool("files")} />
        <Tool name="research" description="d" input={z.object({ q: z.string() })}>
          {() => (
            <Agent>
              <Inherit capabilities={["files"]} />
              <Step id="inner" prompt="p" />
            </Agent>
          )}
        </Tool>
        <Step id="outer" prompt="p" />
      </Agent>,
    );
    expect(toolNames(agentOfStep(tree, "inner"))).toEqual(["files"]);
  });

  it("steps in the workflow need an <Agent> of their own; they don't borrow the caller's", async () => {
    const error = await errorOf(
      <Agent>
        <Tool name="research" description="d" input={z.object({ q: z.string() })}>
          {() => <Step id="orphan" prompt="p" />}
        </Tool>
      </Agent>,
    );
    expect(error.code).toBe("JUNE_STEP_OUTSIDE_AGENT");
    expect(error.message).toContain('<Step id="orphan">');
  });

  it("a composite needs a description and an input schema", async () => {
    const error = await errorOf(
      <Agent>
        <Tool name="research" description={undefined as never} input={z.object({})}>
          {() => null}
        </Tool>
      </Agent>,
    );
    expect(error.code).toBe("JUNE_INVALID_PROPS");
    expect(error.message).toContain('<Tool name="research">');
  });
});

describe("Callable agents", () => {
  it("the writer sees one tool, researcher, marked composite", async () => {
    const tree = await noErrors(
      <Agent>
        <Researcher />
        <Step id="write" prompt="Write a short article on how Suspense works" />
      </Agent>,
    );
    const writer = agentOfStep(tree, "write");
    expect(toolNames(writer)).toEqual(["researcher"]);
    expect(writer.capabilities).toEqual([{ name: "researcher", source: 'defineAgent({ name: "researcher" })', composite: true }]);
  });

  it("its capabilities are private, drawn as its own agent with its own tools", async () => {
    const tree = await noErrors(
      <Agent>
        <Researcher />
        <Step id="write" prompt="p" />
      </Agent>,
    );
    const composite = agentOfStep(tree, "write").children.find((c) => c.kind === "composite")!;
    const agent = composite.children[0]!;
    expect(agent).toMatchObject({ kind: "agent", name: "researcher" });
    expect(toolNames(agent)).toEqual(["search"]);
    expect(agent.children.find((c) => c.kind === "step")!.input).toEqual({ prompt: "Research: {question}" });
  });

  it("<Inherit> in its capabilities takes named tools from the caller", async () => {
    const Reader = defineAgent({
      name: "reader",
      description: "Reads",
      input: z.object({ path: z.string() }),
      prompt: ({ path }) => `Read ${path}`,
      capabilities: () => <Inherit capabilities={["readFile"]} />,
    });
    const tree = await noErrors(
      <Agent>
        <Tool name="readFile" value={aTool("readFile")} />
        <Reader />
        <Step id="s" prompt="p" />
      </Agent>,
    );
    const reader = agentOfStep(tree, "s").children.find((c) => c.kind === "composite")!.children[0]!;
    expect(toolNames(reader)).toEqual(["readFile"]);
  });

  it("defined agents compose: capabilities can return another defined agent, a single tool to this one", async () => {
    const Editor = defineAgent({
      name: "editor",
      description: "Edits",
      input: z.object({ text: z.string() }),
      prompt: ({ text }) => text,
      capabilities: () => <Researcher />,
    });
    const tree = await noErrors(
      <Agent>
        <Editor />
        <Step id="s" prompt="p" />
      </Agent>,
    );
    const editor = agentOfStep(tree, "s").children.find((c) => c.kind === "composite")!.children[0]!;
    expect(toolNames(editor)).toEqual(["researcher"]);
    const researcher = editor.children.find((c) => c.kind === "composite")!.children[0]!;
    expect(toolNames(researcher)).toEqual(["search"]);
  });

  it("capabilities() returning a <Step> is an error", async () => {
    const Bad = defineAgent({
      name: "bad",
      description: "d",
      input: z.object({}),
      prompt: () => "p",
      capabilities: () => <Step id="nope" prompt="p" />,
    });
    const error = await errorOf(
      <Agent>
        <Bad />
      </Agent>,
    );
    expect(error.code).toBe("JUNE_WRAPPER_NOT_CAPABILITY");
    expect(error.message).toContain('defineAgent({ name: "bad" }).capabilities');
    expect(error.message).toContain('<Step id="nope">');
  });

  it("a defined agent collides with a tool of its name", async () => {
    const error = await errorOf(
      <Agent>
        <Researcher />
        <Tool name="researcher" value={aTool("r")} />
      </Agent>,
    );
    expect(error.code).toBe("JUNE_COLLISION");
    expect(error.message).toContain('defineAgent({ name: "researcher" })');
    expect(error.message).toContain('<Tool name="researcher">');
  });
});
