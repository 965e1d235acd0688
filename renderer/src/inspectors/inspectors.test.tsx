// Selecting an agent shows its capabilities with provenance and approval reasons (feature a),
// and the tools it inherited with where they were granted from.
import { act, fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { samplesProject } from "../../test/fixtures.ts";
import { renderStudio } from "../../test/render-studio.tsx";

const region = (name: string) => screen.getByRole("region", { name });
const selectEntry = (name: RegExp) => fireEvent.click(within(region("Agents")).getByRole("option", { name }));

describe("Agents → Agent tree", () => {
  it("lists the folder's workflows and markdown agents with their kind", async () => {
    await renderStudio({ project: samplesProject() });
    // The listbox's options (Agents' Group and Sort selects have options too).
    const options = within(within(region("Agents")).getByRole("listbox", { name: "Agents of this folder" })).getAllByRole("option");
    expect(options).toHaveLength(10);
    expect(within(region("Agents")).getByRole("option", { name: "Triage workflow" })).toBeTruthy();
    expect(within(region("Agents")).getByRole("option", { name: "reviewer markdown" })).toBeTruthy();
  });

  it("draws the selected entry's agents and steps as named, focusable nodes", async () => {
    await renderStudio({ project: samplesProject() });
    selectEntry(/^Report/);
    const tree = region("Agent tree");
    for (const name of ["agent Report", "composite research", "agent Agent", "step findings", "step report"]) {
      const node = within(tree).getByRole("group", { name });
      expect(node.tabIndex).toBe(0);
    }
  });

  it("labels an <Inherit> grant's edge 'inherits readFile'", async () => {
    await renderStudio({ project: samplesProject() });
    selectEntry(/^Summarize/);
    expect(within(region("Agent tree")).getByText("inherits readFile")).toBeTruthy();
  });
});

describe("Capabilities", () => {
  it("shows each tool's source, approval with why, and its provenance chain", async () => {
    await renderStudio({ project: samplesProject() });
    selectEntry(/^Triage/);
    const caps = region("Capabilities");
    expect(within(caps).getByText("Triage")).toBeTruthy();
    const close = within(caps).getByRole("listitem", { name: "github_close" });
    expect(within(close).getByText('<Tool name="close"> in <Namespace name="github"> in <RequireApproval>')).toBeTruthy();
    expect(within(close).getByText("approval: always")).toBeTruthy();
    expect(within(close).getByText("<RequireApproval> (triage.tsx:90:9)", { selector: ".reasons code" })).toBeTruthy();
    const chain = within(close).getByRole("list", { name: /Provenance of github_close/ });
    expect(within(chain).getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      '<Tool name="close"> (triage.tsx:91:11)',
      "<RequireApproval> (triage.tsx:90:9)",
      '<Namespace name="github"> (triage.tsx:88:7)',
    ]);
    const search = within(caps).getByRole("listitem", { name: "github_search" });
    expect(within(search).getByText("approval: never")).toBeTruthy();
  });

  it("says why an MCP tool runs unasked: the annotation (or setting) that decided it", async () => {
    await renderStudio({ project: samplesProject() });
    selectEntry(/^fs-explorer/);
    const read = within(region("Capabilities")).getByRole("listitem", { name: "mcp__fs__read_text_file" });
    expect(within(read).getByText("approval: never")).toBeTruthy();
    expect(within(read).getByRole("heading", { name: "Why it runs unasked" })).toBeTruthy();
    expect(within(read).getByText('MCP server "fs" annotates read_text_file readOnlyHint: true')).toBeTruthy();
  });

  it("marks a composite tool", async () => {
    await renderStudio({ project: samplesProject() });
    selectEntry(/^Report/);
    const research = within(region("Capabilities")).getByRole("listitem", { name: "research" });
    expect(within(research).getByText("composite")).toBeTruthy();
  });

  it("shows a tool's declaration and the agent's JSX in the Source panel", async () => {
    const { bridge } = await renderStudio({ project: samplesProject() });
    selectEntry(/^Triage/);
    const caps = region("Capabilities");
    await act(async () => fireEvent.click(within(caps).getByRole("button", { name: "github_close" })));
    expect(within(region("Source")).getByText("line 91, column 11")).toBeTruthy();
    await act(async () => fireEvent.click(within(caps).getByRole("button", { name: "Open source" })));
    expect(within(region("Source")).getByText("line 87, column 5")).toBeTruthy();
    expect(bridge.callsOf("readSource")).toEqual([{ file: "/project/triage.tsx" }, { file: "/project/triage.tsx" }]);
    expect(bridge.callsOf("openInEditor")).toEqual([]);
  });
});

describe("Inherited", () => {
  it("shows the tools a nested agent inherited and where they were granted from", async () => {
    await renderStudio({ project: samplesProject() });
    selectEntry(/^Summarize/);
    const inherited = region("Inherited");
    expect(within(inherited).getByText("No inherited tools")).toBeTruthy();
    // Selecting the inner agent in the graph (a click, as Enter on the focused node does).
    fireEvent.click(within(region("Agent tree")).getByRole("group", { name: "agent Agent" }));
    const row = within(inherited).getByRole("row", { name: /readFile/ });
    expect(within(row).getByText('<Tool name="readFile"> in the enclosing <Agent>')).toBeTruthy();
    const caps = region("Capabilities");
    const readFile = within(caps).getByRole("listitem", { name: "readFile" });
    expect(within(readFile).getByText('granted from the enclosing <Agent>: <Tool name="readFile"> (summarize.tsx:23:7)')).toBeTruthy();
  });

  it("selects a graph node from the keyboard", async () => {
    await renderStudio({ project: samplesProject() });
    selectEntry(/^Summarize/);
    const inner = within(region("Agent tree")).getByRole("group", { name: "agent Agent" });
    inner.focus();
    fireEvent.keyDown(inner, { key: "Enter" });
    expect(within(region("Inherited")).getByRole("row", { name: /readFile/ })).toBeTruthy();
  });
});
