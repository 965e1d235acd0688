// The "MCP servers" panel and the dialog that browses one server, over the fake bridge's answers.
import { act, fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Result } from "../contract/index.ts";
import type { McpCatalog } from "../contract/june-types.ts";
import { samplesProject } from "../../test/fixtures.ts";
import { renderStudio } from "../../test/render-studio.tsx";
import { everythingCatalog, mcpServers, resourceContents } from "./mcp-servers.fixture.ts";

const panel = () => screen.getByRole("region", { name: "MCP servers" });
const dialog = () => screen.getByRole("dialog", { name: "MCP server everything" });

/** The studio over a project with the fixture's servers, "everything" answering with its catalog. */
function studio(answers: NonNullable<Parameters<typeof renderStudio>[0]>["answers"] = {}) {
  return renderStudio({
    project: samplesProject(),
    answers: {
      listMcpServers: () => ({ ok: true, value: mcpServers }),
      mcpCatalog: () => ({ ok: true, value: everythingCatalog }),
      readMcpResource: ({ uri }) => ({ ok: true, value: resourceContents[uri] ?? [] }),
      ...answers,
    },
  });
}

async function openEverything() {
  await act(async () => fireEvent.click(within(panel()).getByRole("button", { name: "Browse everything" })));
  return dialog();
}

describe("the panel", () => {
  it("lists the project's servers with their count, transport, target and where they are defined", async () => {
    await studio();
    expect(within(panel()).getByRole("heading", { name: "MCP servers" })).toBeTruthy();
    expect(panel().querySelector(".panel-meta")?.textContent).toBe("2");
    const rows = within(within(panel()).getByRole("list", { name: "MCP servers of this folder" })).getAllByRole("listitem");
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain("stdio");
    expect(within(rows[0]!).getByText("npx -y @modelcontextprotocol/server-everything").className).toContain("mono");
    expect(within(rows[0]!).getByRole("button", { name: ".mcp.json:3" })).toBeTruthy();
    expect(rows[1]!.textContent).toContain("http");
    expect(within(rows[1]!).getByRole("button", { name: "june.config.ts:12" })).toBeTruthy();
  });

  it("shows the file a server is defined in, in the Source panel", async () => {
    const { bridge } = await studio();
    await act(async () => fireEvent.click(within(panel()).getByRole("button", { name: "june.config.ts:12" })));
    expect(bridge.callsOf("readSource")).toEqual([{ file: "/project/june.config.ts" }]);
    expect(within(screen.getByRole("region", { name: "Source" })).getByText("line 12")).toBeTruthy();
  });

  it("says how to add one when there are none", async () => {
    await renderStudio({ project: samplesProject() });
    expect(within(panel()).getByText("No MCP servers")).toBeTruthy();
    expect(panel().textContent).toContain("Add one to june.config.ts's mcp or .mcp.json.");
  });

  it("lists them again when the project reloads", async () => {
    const { bridge, emit, store } = await renderStudio({ project: samplesProject() });
    bridge.answers.listMcpServers = () => ({ ok: true, value: mcpServers });
    const project = store.getState().project!;
    await act(async () => emit([{ seq: 1, type: "project", project: { ...project, loadedAt: project.loadedAt + 1 } }]));
    expect(within(panel()).getAllByRole("listitem")).toHaveLength(2);
  });

  it("shows a failed listing with its code, and lists again on Try again", async () => {
    const { bridge } = await studio({ listMcpServers: () => ({ ok: false, error: { code: "STUDIO_NO_PROJECT", message: "june studio: no folder is open." } }) });
    expect(within(panel()).getByRole("alert").textContent).toContain("STUDIO_NO_PROJECT june studio: no folder is open.");
    bridge.answers.listMcpServers = () => ({ ok: true, value: mcpServers });
    await act(async () => fireEvent.click(within(panel()).getByRole("button", { name: "Try again" })));
    expect(within(panel()).getAllByRole("listitem")).toHaveLength(2);
  });
});

describe("the server's dialog", () => {
  it("says it is starting the server until the catalog comes", async () => {
    const { bridge } = await studio();
    let answer!: (result: Result<McpCatalog>) => void;
    bridge.mcpCatalog = () => new Promise((resolve) => (answer = resolve));
    await openEverything();
    expect(within(dialog()).getByText("Starting everything…")).toBeTruthy();
    await act(async () => answer({ ok: true, value: everythingCatalog }));
    expect(within(dialog()).queryByText("Starting everything…")).toBeNull();
    expect(within(dialog()).getByRole("list", { name: "Resources" })).toBeTruthy();
  });

  it("is named for its server, takes the focus, and closes with Escape, giving the focus back", async () => {
    const { bridge } = await studio();
    const browse = within(panel()).getByRole("button", { name: "Browse everything" });
    await openEverything();
    expect(bridge.callsOf("mcpCatalog")).toEqual([{ server: "everything" }]);
    expect(dialog().contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(dialog(), { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(browse);
  });

  it("shows the resources, templates and prompts, the server's instructions and notes", async () => {
    await studio();
    const shown = await openEverything();
    const resources = within(within(shown).getByRole("list", { name: "Resources" })).getAllByRole("listitem");
    expect(resources.map((r) => r.querySelector(".mcp-item-name")?.textContent)).toEqual(["Resource 1", "config.json", "logo", "archive"]);
    expect(resources[0]!.textContent).toContain("test://static/resource/1");
    expect(resources[0]!.textContent).toContain("text/plain");
    expect(resources[0]!.textContent).toContain("A plain text resource");
    const templates = within(shown).getByRole("list", { name: "Resource templates" });
    expect(templates.textContent).toContain("test://static/resource/{id}");
    expect(templates.textContent).toContain("A static resource with a numeric ID");
    const prompts = within(within(shown).getByRole("list", { name: "Prompts" })).getAllByRole("listitem");
    expect(prompts[0]!.textContent).toContain("Complex prompt");
    expect(prompts[0]!.textContent).toContain("A prompt with arguments");
    expect(within(shown).getByText("Testing and demonstration server for MCP protocol features.")).toBeTruthy();
    expect(within(within(shown).getByRole("list", { name: "Notes" })).getByText("offers no completions (no completions capability)")).toBeTruthy();
  });

  it("reads a text resource into a scrollable block", async () => {
    const { bridge } = await studio();
    const shown = await openEverything();
    await act(async () => fireEvent.click(within(shown).getByRole("button", { name: "Read Resource 1" })));
    expect(bridge.callsOf("readMcpResource")).toEqual([{ server: "everything", uri: "test://static/resource/1" }]);
    const contents = within(shown).getByRole("list", { name: "Contents of Resource 1" });
    expect(contents.querySelector("pre")?.textContent).toBe("Resource 1: This is a plaintext resource");
  });

  it("pretty-prints a JSON resource", async () => {
    await studio();
    const shown = await openEverything();
    await act(async () => fireEvent.click(within(shown).getByRole("button", { name: "Read config.json" })));
    const pre = within(shown).getByRole("list", { name: "Contents of config.json" }).querySelector("pre");
    expect(pre?.textContent).toBe(JSON.stringify({ name: "everything", retries: 3, tags: ["demo", "test"] }, null, 2));
  });

  it("draws an image resource from its base64, and gives a binary one's size", async () => {
    await studio();
    const shown = await openEverything();
    await act(async () => fireEvent.click(within(shown).getByRole("button", { name: "Read logo" })));
    const image = within(within(shown).getByRole("list", { name: "Contents of logo" })).getByRole("img", { name: "test://static/logo.svg (image/svg+xml)" });
    expect(image.getAttribute("src")).toBe(`data:image/svg+xml;base64,${resourceContents["test://static/logo.svg"]![0]!.blob!.base64}`);
    await act(async () => fireEvent.click(within(shown).getByRole("button", { name: "Read archive" })));
    expect(within(shown).getByRole("list", { name: "Contents of archive" }).textContent).toBe("binary, 2,048 bytes (application/zip)");
  });

  it("gets a prompt with the arguments typed, required ones marked, and shows its messages with their roles", async () => {
    const { bridge } = await studio({
      getMcpPrompt: () => ({ ok: true, value: { description: "A filled-in prompt", messages: [{ role: "user", text: "Temperature 0.7, style terse" }, { role: "assistant", text: "Understood." }] } }),
    });
    const shown = await openEverything();
    const form = within(shown).getByRole("form", { name: "Arguments of Complex prompt" });
    const temperature = within(form).getByRole("textbox", { name: "temperature" }) as HTMLInputElement;
    expect(temperature.required).toBe(true);
    expect((within(form).getByRole("textbox", { name: "style" }) as HTMLInputElement).required).toBe(false);
    fireEvent.change(temperature, { target: { value: "0.7" } });
    await act(async () => fireEvent.click(within(form).getByRole("button", { name: "Get prompt Complex prompt" })));
    // The optional argument left empty is not sent: the server fills in its own default.
    expect(bridge.callsOf("getMcpPrompt")).toEqual([{ server: "everything", name: "complex_prompt", arguments: { temperature: "0.7" } }]);
    const messages = within(within(shown).getByRole("list", { name: "Messages of Complex prompt" })).getAllByRole("listitem");
    expect(messages.map((m) => [m.querySelector(".mcp-message-role")?.textContent, m.querySelector("pre")?.textContent])).toEqual([
      ["user", "Temperature 0.7, style terse"],
      ["assistant", "Understood."],
    ]);
  });

  it("shows a failed catalog with its code and message, and asks again on Try again", async () => {
    const { bridge } = await studio({
      mcpCatalog: () => ({ ok: false, error: { code: "STUDIO_MCP_FAILED", message: 'june studio: couldn\'t list on MCP server "everything": exited with code 1' } }),
    });
    const shown = await openEverything();
    const alert = within(shown).getByRole("alert");
    expect(within(alert).getByText("STUDIO_MCP_FAILED")).toBeTruthy();
    expect(alert.textContent).toContain("exited with code 1");
    bridge.answers.mcpCatalog = () => ({ ok: true, value: everythingCatalog });
    await act(async () => fireEvent.click(within(alert).getByRole("button", { name: "Try again" })));
    expect(bridge.callsOf("mcpCatalog")).toHaveLength(2);
    expect(within(shown).queryByRole("alert")).toBeNull();
    expect(within(shown).getByRole("list", { name: "Resources" })).toBeTruthy();
  });

  it("shows a failed read beside its resource, with a Try again", async () => {
    await studio({ readMcpResource: () => ({ ok: false, error: { code: "STUDIO_MCP_FAILED", message: "june studio: couldn't read test://static/resource/1" } }) });
    const shown = await openEverything();
    await act(async () => fireEvent.click(within(shown).getByRole("button", { name: "Read Resource 1" })));
    const item = within(within(shown).getByRole("list", { name: "Resources" })).getAllByRole("listitem")[0]!;
    expect(within(item).getByRole("alert").textContent).toContain("STUDIO_MCP_FAILED");
    expect(within(item).getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});
