// The studio's frame: every region and button a test or a screen reader looks for, by role and name.
import { act, fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { samplesProject } from "../../test/fixtures.ts";
import { renderStudio } from "../../test/render-studio.tsx";

const REGIONS = ["Agents", "Runs", "Agent tree", "Capabilities", "Inherited", "Run", "Trace", "Approvals", "Token usage", "Problems"];

describe("the studio's regions and buttons", () => {
  it("names every region exactly", async () => {
    await renderStudio({ project: samplesProject() });
    for (const name of REGIONS) expect(screen.getByRole("region", { name })).toBeTruthy();
  });

  it("has Open folder, Run, Start paused and the debugger's buttons with their keys", async () => {
    await renderStudio({ project: samplesProject() });
    expect(screen.getByRole("button", { name: "Open folder" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Run" }).getAttribute("aria-keyshortcuts")).toContain("F5");
    expect(screen.getByRole("checkbox", { name: "Start paused" })).toBeTruthy();
    const keys = { Pause: "F6", Step: "F10", Continue: "F5", Stop: "Shift+F5" };
    for (const [name, key] of Object.entries(keys)) expect(screen.getByRole("button", { name }).getAttribute("aria-keyshortcuts")).toBe(key);
    // Nothing runs yet: only Step (which starts the selected agent paused) is on.
    for (const name of ["Pause", "Continue", "Stop"]) expect((screen.getByRole("button", { name }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole("button", { name: "Step" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("shows the designed empty state before a folder is open", async () => {
    await renderStudio({ project: null });
    const agents = screen.getByRole("region", { name: "Agents" });
    expect(within(agents).getByText("Open a folder to see its agents")).toBeTruthy();
  });

  it("shows a project that is loading", async () => {
    const { emit } = await renderStudio({ project: null });
    emit([{ seq: 1, type: "project-loading", folder: "/project" }]);
    expect(within(screen.getByRole("region", { name: "Agents" })).getByText("Loading project…")).toBeTruthy();
  });

  it("toggles between the dark and light themes", async () => {
    await renderStudio({ project: samplesProject() });
    expect(document.documentElement.dataset.theme).toBe("dark");
    fireEvent.click(screen.getByRole("button", { name: "Toggle theme" }));
    expect(document.documentElement.dataset.theme).toBe("light");
  });
});

describe("Open folder", () => {
  it("asks Electron for its native dialog (no folder in the request)", async () => {
    const { bridge } = await renderStudio({ project: samplesProject(), host: "electron" });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Open folder" })));
    expect(bridge.callsOf("openFolder")).toEqual([{}]);
  });

  it("takes a path on the web host", async () => {
    const { bridge } = await renderStudio({ project: samplesProject(), host: "web" });
    fireEvent.click(screen.getByRole("button", { name: "Open folder" }));
    fireEvent.change(screen.getByLabelText(/Folder path/), { target: { value: "/home/me/agents" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Open" })));
    expect(bridge.callsOf("openFolder")).toEqual([{ folder: "/home/me/agents" }]);
  });

  it("shows the host's error with its code when the folder can't be opened", async () => {
    await renderStudio({
      project: null,
      host: "web",
      answers: { openFolder: () => ({ ok: false, error: { code: "STUDIO_FOLDER_NOT_FOUND", message: "june studio: there is no folder /nope. Check the path." } }) },
    });
    fireEvent.click(screen.getByRole("button", { name: "Open folder" }));
    fireEvent.change(screen.getByLabelText(/Folder path/), { target: { value: "/nope" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Open" })));
    const alert = within(screen.getByRole("region", { name: "Agents" })).getByRole("alert");
    expect(alert.textContent).toContain("STUDIO_FOLDER_NOT_FOUND");
    expect(alert.textContent).toContain("there is no folder /nope");
  });
});
