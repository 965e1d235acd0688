// Restricted mode in the studio: a banner named "Restricted mode" says what it means and has the
// "Trust folder" button; Run is off with the reason; trusting asks the host and the banner goes.
import { act, fireEvent, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { resetSeq } from "../../test/events.ts";
import { samplesProject } from "../../test/fixtures.ts";
import { renderStudio } from "../../test/render-studio.tsx";

beforeEach(() => resetSeq());

const restricted = () => ({ ...samplesProject(), trust: "restricted" as const });
const select = (name: string) => fireEvent.click(within(screen.getByRole("region", { name: "Agents" })).getByRole("option", { name }));

describe("restricted mode", () => {
  it("shows a banner saying none of the folder's code ran and what trusting it means", async () => {
    await renderStudio({ project: restricted() });
    const banner = screen.getByRole("region", { name: "Restricted mode" });
    expect(banner.textContent).toContain("June has not run any code from /project");
    expect(banner.textContent).toContain("run programs and use the network");
    expect(within(banner).getByRole("button", { name: "Trust folder" })).toBeTruthy();
  });

  it("turns Run off with the reason", async () => {
    await renderStudio({ project: restricted() });
    select("Release workflow");
    const run = screen.getByRole("region", { name: "Run" });
    const button = within(run).getByRole("button", { name: "Run" }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(within(run).getByRole("status").textContent).toContain("Run is off in restricted mode");
    expect(button.getAttribute("aria-describedby")).toBe(within(run).getByRole("status").id);
    // Above the controls, so the height-capped Run panel never scrolls the reason out of sight.
    const controls = within(run).getByRole("group", { name: "Debug controls" });
    expect(within(run).getByRole("status").compareDocumentPosition(controls) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("Trust folder asks the host for the open folder, and the trusted project takes the banner away and turns Run on", async () => {
    const { bridge } = await renderStudio({ project: restricted() });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Trust folder" })));
    expect(bridge.callsOf("trustFolder")).toEqual([{ folder: "/project" }]);
    expect(screen.queryByRole("region", { name: "Restricted mode" })).toBeNull();
    select("Release workflow");
    expect((within(screen.getByRole("region", { name: "Run" })).getByRole("button", { name: "Run" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("a trusted folder has no banner", async () => {
    await renderStudio({ project: { ...samplesProject(), trust: "trusted" } });
    expect(screen.queryByRole("region", { name: "Restricted mode" })).toBeNull();
  });
});
