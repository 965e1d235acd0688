// Problems (feature c): every problem before any run, errors first, each a compact row linking to
// file:line with the first sentence of its message, the whole message behind a disclosure.
import { act, fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Problem } from "../contract/index.ts";
import { samplesProject, someProblems } from "../../test/fixtures.ts";
import { renderStudio } from "../../test/render-studio.tsx";

describe("Problems", () => {
  it("lists errors before warnings with code, message and file:line", async () => {
    await renderStudio({ project: samplesProject(someProblems) });
    const problems = screen.getByRole("region", { name: "Problems" });
    const items = within(within(problems).getByRole("list", { name: "Problems of this folder" })).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain("JUNE_INHERIT_MISSING");
    expect(within(items[0]!).getByRole("button", { name: "summarize.tsx:32:9" })).toBeTruthy();
    expect(items[1]!.textContent).toContain("JUNE_UNKNOWN_KEY");
  });

  it("shows a problem's file and line in the Source panel", async () => {
    const { bridge } = await renderStudio({ project: samplesProject(someProblems) });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "summarize.tsx:32:9" })));
    expect(bridge.callsOf("readSource")).toEqual([{ file: "/project/summarize.tsx" }]);
    expect(within(screen.getByRole("region", { name: "Source" })).getByText("line 32, column 9")).toBeTruthy();
  });

  it("badges the entries that have problems", async () => {
    await renderStudio({ project: samplesProject(someProblems) });
    const agents = screen.getByRole("region", { name: "Agents" });
    expect(within(agents).getByRole("option", { name: "Summarize workflow, 1 problem" })).toBeTruthy();
    expect(within(agents).getByRole("option", { name: "reviewer markdown, 1 problem" })).toBeTruthy();
  });

  it("says so when there are none", async () => {
    await renderStudio({ project: samplesProject() });
    expect(within(screen.getByRole("region", { name: "Problems" })).getByText("No problems")).toBeTruthy();
  });

  it("shows the first sentence of a long message, and the whole of it behind a disclosure", async () => {
    const long: Problem = {
      severity: "error",
      code: "JUNE_COLLISION",
      message: 'june: two capabilities of Triage expose one tool name; the tool name "lookup" comes from\n  - <Tool name="lookup"> at triage.tsx:17\n  - <Tool name="lookup"> at triage.tsx:18\nTool names are unique in an agent: rename one.',
      file: "/project/triage.tsx",
      line: 18,
      column: 7,
      entryId: "workflow:triage.tsx",
    };
    await renderStudio({ project: samplesProject([long, someProblems[0]!]) });
    const list = within(screen.getByRole("region", { name: "Problems" })).getByRole("list", { name: "Problems of this folder" });
    const [item, short] = within(list).getAllByRole("listitem");
    expect(within(item!).getByRole("button", { name: "triage.tsx:18:7" })).toBeTruthy();
    expect(within(item!).getByText('two capabilities of Triage expose one tool name; the tool name "lookup" comes from')).toBeTruthy();
    expect(within(item!).getByText("· Triage", { exact: false })).toBeTruthy();
    const disclosure = within(item!).getByRole("button", { name: "Full message" });
    const whole = document.getElementById(disclosure.getAttribute("aria-controls")!)!;
    expect(disclosure.getAttribute("aria-expanded")).toBe("false");
    expect(whole.hidden).toBe(true);
    await act(() => fireEvent.click(disclosure));
    expect(disclosure.getAttribute("aria-expanded")).toBe("true");
    expect(whole.hidden).toBe(false);
    expect(whole.textContent).toBe(long.message);
    await act(() => fireEvent.click(disclosure));
    expect(whole.hidden).toBe(true);
    // A message of one sentence has nothing more to show.
    expect(within(short!).queryByRole("button", { name: "Full message" })).toBeNull();
  });
});
