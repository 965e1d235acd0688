// The Source panel as a user meets it: a file:line link opens it with the file's lines, the line
// marked and its column shown; Escape closes it and gives the focus back to the link; "Open in
// editor" says what became of it; a refused file says why. Colours arrive after the text.
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Result, SourceFile } from "../contract/index.ts";
import { samplesProject, someProblems } from "../../test/fixtures.ts";
import { renderStudio } from "../../test/render-studio.tsx";

const SUMMARIZE = Array.from({ length: 40 }, (_, i) => (i === 31 ? "        <Inherit capabilities={['deploy']} />" : `const line${i + 1} = ${i + 1};`)).join("\n") + "\n";

function readSource({ file }: { file: string }): Result<SourceFile> {
  return { ok: true, value: { file, relativePath: file.replace("/project/", ""), text: SUMMARIZE, language: "tsx", truncated: false, size: SUMMARIZE.length } };
}

async function openFromProblems(answers: Parameters<typeof renderStudio>[0] extends infer O ? (O extends { answers?: infer A } ? A : never) : never = {}) {
  const view = await renderStudio({ project: samplesProject(someProblems), answers: { readSource, ...answers } });
  const link = screen.getByRole("button", { name: "summarize.tsx:32:9" });
  link.focus();
  await act(async () => fireEvent.click(link));
  return { ...view, link, source: () => screen.getByRole("region", { name: "Source" }) };
}

describe("Source", () => {
  it("is not there until a link opens it", async () => {
    await renderStudio({ project: samplesProject(someProblems) });
    expect(screen.queryByRole("region", { name: "Source" })).toBeNull();
  });

  it("shows the file a problem's link names, with the line marked and the column shown", async () => {
    const { bridge, source } = await openFromProblems();
    expect(bridge.callsOf("readSource")).toEqual([{ file: "/project/summarize.tsx" }]);
    expect(within(source()).getByText("summarize.tsx")).toBeTruthy();
    expect(within(source()).getByText("line 32, column 9")).toBeTruthy();
    const lines = within(within(source()).getByRole("list", { name: "Lines of summarize.tsx" })).getAllByRole("listitem");
    expect(lines).toHaveLength(40);
    expect(lines[31]!.getAttribute("aria-current")).toBe("location");
    expect(lines.filter((line) => line.hasAttribute("aria-current"))).toHaveLength(1);
    expect(lines[31]!.textContent).toBe("32        <Inherit capabilities={['deploy']} />");
    expect(lines[31]!.querySelector("mark")?.textContent).toBe("<");
    expect(bridge.callsOf("openInEditor")).toEqual([]);
  });

  it("takes the focus, and Escape closes it and gives the focus back to the link", async () => {
    const { link, source } = await openFromProblems();
    expect(source().contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(document.activeElement!, { key: "Escape" });
    expect(screen.queryByRole("region", { name: "Source" })).toBeNull();
    expect(document.activeElement).toBe(link);
  });

  it("closes with Close too", async () => {
    const { link, source } = await openFromProblems();
    fireEvent.click(within(source()).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("region", { name: "Source" })).toBeNull();
    expect(document.activeElement).toBe(link);
  });

  it("colours the code once the highlighter has loaded, in both themes' colours", async () => {
    const { source } = await openFromProblems();
    await waitFor(() => expect(source().querySelector(".source-text span")).not.toBeNull(), { timeout: 10_000 });
    const keyword = [...source().querySelectorAll<HTMLElement>(".source-text span")].find((span) => span.textContent === "const")!;
    expect(keyword.style.getPropertyValue("--shiki-dark")).toMatch(/^#[0-9A-F]{6}$/i);
    expect(keyword.style.getPropertyValue("--shiki-light")).toMatch(/^#[0-9A-F]{6}$/i);
  });

  it("Open in editor sends the file at the line and column, and says so", async () => {
    const { bridge, source } = await openFromProblems();
    await act(async () => fireEvent.click(within(source()).getByRole("button", { name: "Open in editor" })));
    expect(bridge.callsOf("openInEditor")).toEqual([{ file: "/project/summarize.tsx", line: 32, column: 9 }]);
    expect(within(source()).getByRole("status").textContent).toContain("Sent summarize.tsx to your editor");
  });

  it("Open in editor with no editor says so in the panel, with what to set", async () => {
    const error = { code: "STUDIO_NO_EDITOR", message: 'june studio: no editor to open /project/summarize.tsx with. Set JUNE_EDITOR, VISUAL or EDITOR to your editor\'s command, e.g. JUNE_EDITOR="code --goto"' };
    const { source } = await openFromProblems({ openInEditor: () => ({ ok: false, error }) });
    await act(async () => fireEvent.click(within(source()).getByRole("button", { name: "Open in editor" })));
    const alert = within(source()).getByRole("alert");
    expect(alert.textContent).toContain("STUDIO_NO_EDITOR");
    expect(alert.textContent).toContain("JUNE_EDITOR");
  });

  it("says why a file is not shown, and still offers the editor", async () => {
    const error = { code: "STUDIO_SOURCE_SECRET", message: "june studio: won't show .env: an .env file holds secrets. Open it in your editor if you mean to read it." };
    const { source } = await openFromProblems({ readSource: () => ({ ok: false, error }) });
    expect(within(source()).getByRole("alert").textContent).toContain("STUDIO_SOURCE_SECRET");
    expect(within(source()).queryByRole("list")).toBeNull();
    expect(within(source()).getByRole("button", { name: "Open in editor" })).toBeTruthy();
  });

  it("draws only the lines near the view of a long file, each saying its place in the file", async () => {
    const text = Array.from({ length: 2000 }, (_, i) => `const line${i + 1} = ${i + 1};`).join("\n");
    const { source } = await openFromProblems({
      readSource: ({ file }) => ({ ok: true, value: { file, relativePath: "summarize.tsx", text, language: "text", truncated: false, size: text.length } }),
    });
    const items = within(within(source()).getByRole("list", { name: "Lines of summarize.tsx" })).getAllByRole("listitem");
    expect(items.length).toBeLessThan(500);
    const marked = items.find((item) => item.getAttribute("aria-current") === "location")!;
    expect(marked.textContent).toBe("32const line32 = 32;");
    expect(marked.getAttribute("aria-posinset")).toBe("32");
    expect(marked.getAttribute("aria-setsize")).toBe("2000");
    expect(items.some((item) => item.textContent === "1999const line1999 = 1999;")).toBe(false);
  });

  it("says when the file was cut, and when the line is past what is shown", async () => {
    const { source } = await openFromProblems({
      readSource: ({ file }) => ({ ok: true, value: { file, relativePath: "summarize.tsx", text: "a\nb\n", language: "tsx", truncated: true, size: 3 * 1024 * 1024 } }),
    });
    expect(source().textContent).toContain("Showing the first 2 lines of this 3.0 MiB file");
    expect(source().textContent).toContain("Line 32 is past what is shown.");
  });
});
