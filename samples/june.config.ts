// The samples' project config, read by `june inspect samples` and by June Studio when it opens
// this folder: the default model of every agent that names none (the markdown agents in
// .claude/agents/ say `model: inherit`), the MCP server `fs` that fs-explorer's `tools: MCP(fs)`
// names and `everything` whose form intake fills in, the tool policy, and a house-style block
// every markdown agent gets.
//
// Offline, the default model is a scripted *responder*: one function that answers every call
// from what the call offers and has already seen, so it drives any of the markdown agents
// sensibly (look around with the first fitting tool, read one file, then answer) and never runs
// out. With OPENAI_API_KEY set it is gpt-5-mini.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { defaultPrices, defineConfig } from "june";
import type { ScriptedCall, ScriptedResponse, ScriptedToolCall } from "june/sdk/scripted";
import { sampleModel, toolResults, userPrompt, type SeenResult } from "./models.ts";
import { searchWeb } from "./web.ts";

const SAMPLES = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  model: sampleModel("gpt-5-mini", respond),
  // Tools a markdown agent can list by name in its `tools:` (besides Read, Grep, Glob, … and MCP).
  tools: { searchWeb },
  mcp: {
    // The registry's filesystem server, allowed to see this folder only. Run with this Node — or,
    // inside the Electron studio (whose executable is not Node), with the `node` on PATH.
    fs: { command: process.versions.electron ? "node" : process.execPath, args: [filesystemServer(), SAMPLES] },
    // The registry's server that exercises every part of MCP: intake calls the tool of it that
    // asks the person for a form (an elicitation, answered in the studio's Approvals inbox).
    everything: { command: process.versions.electron ? "node" : process.execPath, args: [serverEntry("@modelcontextprotocol/server-everything", "mcp-server-everything"), "stdio"] },
  },
  // A policy must rule on every kind; this one admits everything the samples use, and shows the
  // shape: an MCP tool is given only when it comes from one of the two servers above.
  toolPolicy: {
    fn: true,
    builtin: true,
    mcp: (tool) => tool.source.kind === "mcp" && (tool.source.server === "fs" || tool.source.server === "everything"),
  },
  // Offline, the samples' scripted models (provider "june.scripted") stand in for these OpenAI
  // models: priced like them, the studio's cost column shows what the run would cost live.
  // (With OPENAI_API_KEY set the real models run and June's own table prices them.)
  prices: {
    "june:gpt-5": defaultPrices["openai:gpt-5"]!,
    "june:gpt-5-mini": defaultPrices["openai:gpt-5-mini"]!,
    "june:gpt-5-nano": defaultPrices["openai:gpt-5-nano"]!,
  },
  // Every markdown agent gets these blocks, merged by name with its own (its skills).
  blocks: {
    houseStyle: {
      mode: "inject",
      value:
        "House style: short sentences, plain words. Name files by their path inside the samples folder " +
        "(CHANGELOG.md, repo/src/slugify.ts). Put commands in code blocks.",
    },
  },
});

/** The filesystem MCP server's entry file. */
function filesystemServer(): string {
  return serverEntry("@modelcontextprotocol/server-filesystem", "mcp-server-filesystem");
}

/** An MCP server package's entry file (its bin `name`), found from this folder as Node would find the package. */
function serverEntry(pkg: string, name: string): string {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve(`${pkg}/package.json`);
  const { bin } = JSON.parse(readFileSync(manifest, "utf8")) as { bin: Record<string, string> };
  return join(dirname(manifest), bin[name]!);
}

// ---- the offline responder ------------------------------------------------------------------

/** One thing an agent may do next: a tool call when it fits the tools offered and what was seen. */
type Move = (offered: Set<string>, seen: SeenResult[], prompt: string) => ScriptedToolCall | undefined;

const did = (seen: SeenResult[], toolName: string) => seen.some((r) => r.toolName === toolName);
const LOADER = "_block__load__skills__";
const ELICIT = "mcp__everything__trigger-elicitation-request";

const MOVES: Move[] = [
  // A skill first (docs-writer): the one the prompt mentions, else the first.
  (offered, seen, prompt) => {
    const loaders = [...offered].filter((name) => name.startsWith(LOADER));
    if (loaders.length === 0 || seen.some((r) => r.toolName.startsWith(LOADER))) return undefined;
    const named = loaders.find((name) => prompt.includes(name.slice(LOADER.length).split("-")[0]!));
    return { toolName: named ?? loaders[0]! };
  },
  // Claude built-ins (reviewer, docs-writer): find the markdown files, then read one.
  (offered, seen) => (offered.has("Glob") && !did(seen, "Glob") ? { toolName: "Glob", input: { pattern: "**/*.md" } } : undefined),
  (offered, seen, prompt) => {
    const glob = seen.find((r) => r.toolName === "Glob");
    if (!offered.has("Read") || !glob || did(seen, "Read")) return undefined;
    return { toolName: "Read", input: { file_path: pick(glob.text.split("\n"), prompt) } };
  },
  // The fs MCP server (fs-explorer): list the folder, then read one file.
  (offered, seen) =>
    offered.has("mcp__fs__list_directory") && !did(seen, "mcp__fs__list_directory")
      ? { toolName: "mcp__fs__list_directory", input: { path: SAMPLES } }
      : undefined,
  (offered, seen, prompt) => {
    const listing = seen.find((r) => r.toolName === "mcp__fs__list_directory");
    if (!offered.has("mcp__fs__read_text_file") || !listing || did(seen, "mcp__fs__read_text_file")) return undefined;
    const files = listing.text.split("\n").filter((line) => line.startsWith("[FILE]")).map((line) => line.slice("[FILE] ".length));
    return { toolName: "mcp__fs__read_text_file", input: { path: join(SAMPLES, pick(files, prompt)) } };
  },
  // The everything MCP server (intake): ask the person for the form, once.
  (offered, seen) => (offered.has(ELICIT) && !did(seen, ELICIT) ? { toolName: ELICIT, input: {} } : undefined),
  // An orchestrator (lead): a todo list, then each part handed to its agent, the list kept up to date.
  (offered, seen) => {
    if (!offered.has("Agent")) return undefined;
    const handed = seen.filter((r) => r.toolName === "Agent").length;
    const listed = seen.filter((r) => r.toolName === "TodoWrite").length;
    if (offered.has("TodoWrite") && listed === handed && listed <= HANDOFFS.length) return { toolName: "TodoWrite", input: { todos: todos(handed) } };
    const next = HANDOFFS[handed];
    return next ? { toolName: "Agent", input: next } : undefined;
  },
];

/** What the lead hands on, in order: Claude Code's Agent tool input. */
const HANDOFFS = [
  { description: "Review the changelog", prompt: "Review CHANGELOG.md as a newcomer would: is every entry true of the samples folder?", subagent_type: "reviewer" },
  { description: "Check the README", prompt: "Check README.md against the house style and say what to change.", subagent_type: "docs-writer" },
];

/** The lead's todo list once `done` hand-offs have reported: those completed, the next in progress. */
function todos(done: number) {
  return HANDOFFS.map((handoff, i) => {
    const task = handoff.description.charAt(0).toLowerCase() + handoff.description.slice(1);
    return {
      content: `Have the ${handoff.subagent_type} ${task}`,
      status: i < done ? "completed" : i === done ? "in_progress" : "pending",
      activeForm: `Having the ${handoff.subagent_type} ${task}`,
    };
  });
}

function respond(call: ScriptedCall): ScriptedResponse {
  const offered = new Set(call.tools);
  const seen = toolResults(call);
  const prompt = userPrompt(call).toLowerCase();
  for (const move of MOVES) {
    const next = move(offered, seen, prompt);
    if (next) return { toolCalls: [next] };
  }
  return { text: answer(seen) };
}

/** The file the prompt names, else README.md, else the first markdown file. */
function pick(paths: string[], prompt: string): string {
  const files = paths.map((p) => p.trim()).filter((p) => p.endsWith(".md"));
  return (
    files.find((p) => prompt.includes(p.toLowerCase())) ??
    files.find((p) => prompt.includes(p.toLowerCase().replace(/\.md$/, ""))) ??
    files.find((p) => p === "README.md") ??
    files[0] ??
    "README.md"
  );
}

/** A few sentences on what the tools returned. */
function answer(seen: SeenResult[]): string {
  if (seen.length === 0) return "I have no tools to look with here. (Offline answer from the samples' scripted model; set OPENAI_API_KEY for a real one.)";
  const sentences = seen.map(({ toolName, input, text }) => {
    const lines = text.split("\n").filter((line) => line.trim() !== "");
    if (toolName.startsWith(LOADER)) return `I loaded the ${toolName.slice(LOADER.length)} skill ("${firstHeading(lines)}").`;
    if (toolName === "TodoWrite") return "";
    if (toolName === "Agent") return `The ${(input as { subagent_type?: string }).subagent_type} reported: ${text.split("(Offline answer")[0]!.trim()}`;
    if (toolName === "Glob") return `Glob found ${lines.length} markdown files, newest first: ${lines.slice(0, 3).join(", ")}.`;
    if (toolName === ELICIT) return text.includes("User inputs:") ? `You told me:\n${text.slice(text.indexOf("User inputs:") + "User inputs:".length).trim()}` : `The form came back without answers: ${lines[0] ?? ""}`;
    if (toolName === "mcp__fs__list_directory") return `The folder holds ${lines.length} entries: ${lines.map((l) => l.replace(/^\[(FILE|DIR)\] /, "")).join(", ")}.`;
    const path = String((input as { file_path?: string; path?: string } | undefined)?.file_path ?? (input as { path?: string })?.path ?? "the file");
    const length = text.trimEnd().split("\n").length;
    return `${path.startsWith(SAMPLES) ? path.slice(SAMPLES.length) : path} has ${length} lines and starts with "${firstHeading(lines)}".`;
  });
  return `${sentences.filter(Boolean).join(" ")}\n\n(Offline answer from the samples' scripted model; set OPENAI_API_KEY for a real one.)`;
}

// Read numbers its lines ("     1\t# Title"); the heading is the first line with text.
function firstHeading(lines: string[]): string {
  return (lines.map((line) => line.replace(/^\s*\d+\t/, "").trim()).find((line) => line !== "" && line !== "---") ?? "").replace(/^#+\s*/, "");
}
