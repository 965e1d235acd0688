// Problems (feature c): every problem before any run, errors first, each linking to file:line.
import { act, fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
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

  it("opens a problem's file and line in the editor", async () => {
    const { bridge } = await renderStudio({ project: samplesProject(someProblems) });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "summarize.tsx:32:9" })));
    expect(bridge.callsOf("openInEditor")).toEqual([{ file: "/project/summarize.tsx", line: 32, column: 9 }]);
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
});
