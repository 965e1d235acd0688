// The top bar's count of the project's errors and warnings: a button that brings Problems into
// view and focus. It is the one control on the page named "Problems: …".
import { act, fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Problem } from "../contract/index.ts";
import { samplesProject, someProblems } from "../../test/fixtures.ts";
import { renderStudio } from "../../test/render-studio.tsx";

describe("the top bar's problem count", () => {
  it("counts errors and warnings, and jumps to the Problems region, focusing it", async () => {
    const extra: Problem = { ...someProblems[1]!, line: 40 };
    await renderStudio({ project: samplesProject([...someProblems, extra]) });
    const count = screen.getByRole("button", { name: "Problems: 2 errors, 1 warning" });
    expect(count.textContent).toContain("2 errors · 1 warning");
    await act(() => fireEvent.click(count));
    expect(document.activeElement).toBe(screen.getByRole("region", { name: "Problems" }));
  });

  it("says plainly when there are none", async () => {
    await renderStudio({ project: samplesProject() });
    const count = screen.getByRole("button", { name: "No problems" });
    expect(count.textContent).toContain("No problems");
  });

  it("is absent while no folder is open", async () => {
    await renderStudio({ project: null });
    expect(screen.queryByRole("button", { name: /^Problems:/ })).toBeNull();
  });
});
