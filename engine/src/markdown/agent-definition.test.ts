// The fields of an agent file, section by section of Routecraft's agent spec: Claude Code
// compatibility (required and unknown keys, aliases), a choice of model or thinking level, the
// skills: key, the turn cap, and the tools grammar as parsed (resolution: resolve-tools.test.ts).
import { describe, expect, it } from "vitest";
import { parseAgentFile } from "./agent-definition.ts";
import { MODEL_ALIASES } from "./model-alias.ts";

const file = "agents/a.md";

function agentFile(frontmatter: string, body = "You help.") {
  return parseAgentFile(file, `---\n${frontmatter}\n---\n${body}\n`);
}

function errors(frontmatter: string) {
  const result = agentFile(frontmatter);
  expect(result.definition).toBeUndefined();
  return result.diagnostics.filter((d) => d.severity === "error");
}

describe("Claude Code compatibility", () => {
  it("a minimal file: name, description, the body as instructions, 20 turns, nothing else set", () => {
    const { definition, diagnostics } = agentFile("name: triage\ndescription: Sorts issues", "\n\n  You sort issues.  \n\n");
    expect(diagnostics).toEqual([]);
    expect(definition).toEqual({
      name: "triage",
      toolName: "triage",
      description: "Sorts issues",
      file,
      instructions: "You sort issues.",
      maxTurns: 20,
      lines: { name: 2, description: 3 },
    });
  });

  it("name and description are required; the error names the field", () => {
    const found = errors("model: opus");
    expect(found.map((d) => [d.code, d.field])).toEqual([
      ["JUNE_AGENT_FIELD_MISSING", "name"],
      ["JUNE_AGENT_FIELD_MISSING", "description"],
    ]);
    expect(found[0]!.message).toContain("`name`");
    expect(found[0]!.message).toContain(`${file}:1`);
    expect(found[1]!.message).toContain("`description`");
  });

  it("an empty or non-text name is an error at its line", () => {
    const [empty] = errors('name: ""\ndescription: d');
    expect(empty).toMatchObject({ code: "JUNE_AGENT_FIELD_INVALID", field: "name", line: 2 });
    const [list] = errors("description: d\nname: [a, b]");
    expect(list).toMatchObject({ code: "JUNE_AGENT_FIELD_INVALID", field: "name", line: 3 });
    expect(list!.message).toContain("a list");
  });

  it("unknown keys (memory, …) load, each warned about once, at its line; Claude Code's cosmetic color, silently", () => {
    const { definition, diagnostics } = agentFile("name: a\ndescription: d\ncolor: blue\nmemory: project\nfutureKey: 1");
    expect(definition?.name).toBe("a");
    expect(diagnostics.map((d) => [d.severity, d.code, d.field, d.line])).toEqual([
      ["warning", "JUNE_UNKNOWN_KEY", "memory", 5],
      ["warning", "JUNE_UNKNOWN_KEY", "futureKey", 6],
    ]);
    expect(diagnostics[0]!.message).toContain("`memory` is not a key June uses");
  });

  it("keys named like an object's own members (constructor, toString, __proto__) are unknown keys like any other", () => {
    const { definition, diagnostics } = agentFile("name: a\ndescription: d\nconstructor: x\ntoString: y\n__proto__: {z: 1}");
    expect(definition?.name).toBe("a");
    expect(diagnostics.map((d) => [d.severity, d.code, d.field, d.line])).toEqual([
      ["warning", "JUNE_UNKNOWN_KEY", "constructor", 4],
      ["warning", "JUNE_UNKNOWN_KEY", "toString", 5],
      ["warning", "JUNE_UNKNOWN_KEY", "__proto__", 6],
    ]);
  });

  it("blocks and output are errors: they can only be supplied in code", () => {
    const found = errors("name: a\ndescription: d\nblocks:\n  tone: friendly\noutput: json");
    expect(found.map((d) => [d.code, d.field, d.line])).toEqual([
      ["JUNE_AGENT_FIELD_OVERRIDE_ONLY", "blocks", 4],
      ["JUNE_AGENT_FIELD_OVERRIDE_ONLY", "output", 6],
    ]);
    expect(found[0]!.message).toContain("can't be set in frontmatter");
    expect(found[0]!.message).toContain("overrides");
  });

  it("Claude Code's aliases (fable, best, opus, sonnet, haiku) are pinned to exact Anthropic ids", () => {
    expect(MODEL_ALIASES).toEqual({
      fable: "anthropic:claude-fable-5-2",
      best: "anthropic:claude-fable-5-2",
      opus: "anthropic:claude-opus-5-5",
      sonnet: "anthropic:claude-sonnet-5-5",
      haiku: "anthropic:claude-haiku-5-5",
    });
    for (const [alias, ref] of Object.entries(MODEL_ALIASES)) {
      expect(agentFile(`name: a\ndescription: d\nmodel: ${alias}`).definition?.model).toBe(ref);
    }
  });

  it("inherit leaves the model unset; provider:model and bare claude ids are kept exact", () => {
    expect(agentFile("name: a\ndescription: d\nmodel: inherit").definition).not.toHaveProperty("model");
    expect(agentFile("name: a\ndescription: d\nmodel: openai:gpt-5-mini").definition?.model).toBe("openai:gpt-5-mini");
    expect(agentFile("name: a\ndescription: d\nmodel: claude-opus-4-1-20250805").definition?.model).toBe("anthropic:claude-opus-4-1-20250805");
  });

  it("a model June can't read is an error naming the value and the forms it takes", () => {
    const [found] = errors("name: a\ndescription: d\nmodel: gpt5");
    expect(found).toMatchObject({ code: "JUNE_AGENT_FIELD_INVALID", field: "model", line: 4 });
    expect(found!.message).toContain('"gpt5"');
    expect(found!.message).toContain("provider:model");
  });

  it("a name providers refuse as a tool name loads, and says what callers will see", () => {
    const { definition, diagnostics } = agentFile("name: code.reviewer\ndescription: d");
    expect(definition).toMatchObject({ name: "code.reviewer", toolName: "code_reviewer" });
    expect(diagnostics).toEqual([expect.objectContaining({ severity: "warning", code: "JUNE_AGENT_NAME_NOT_WIRE_SAFE", field: "name" })]);
  });

  it("principal is a boolean in frontmatter", () => {
    expect(agentFile("name: a\ndescription: d\nprincipal: true").definition?.principal).toBe(true);
    expect(errors("name: a\ndescription: d\nprincipal: admin")[0]).toMatchObject({ code: "JUNE_AGENT_FIELD_INVALID", field: "principal" });
  });

  it("every problem in a file is reported, not just the first", () => {
    const found = errors("name: a\ndescription: d\nmaxTurns: 0\nskills: 3\nmodel: [inherit]");
    expect(found.map((d) => d.field)).toEqual(["model", "skills", "maxTurns"]);
  });
});

describe("Offering a choice of model or thinking level", () => {
  it("a list: the first entry runs, the whole list is the choice", () => {
    const { definition } = agentFile("name: max\ndescription: d\nmodel:\n  - opus\n  - openai:gpt-5\nreasoning:\n  - medium\n  - none\n  - high");
    expect(definition).toMatchObject({
      model: "anthropic:claude-opus-5-5",
      models: ["anthropic:claude-opus-5-5", "openai:gpt-5"],
      reasoning: "medium",
      reasoningLevels: ["medium", "none", "high"],
    });
  });

  it("a list of one is the same as the scalar: nothing is advertised", () => {
    const listed = agentFile("name: a\ndescription: d\nmodel: [sonnet]\nreasoning: [low]").definition!;
    const scalar = agentFile("name: a\ndescription: d\nmodel: sonnet\nreasoning: low").definition!;
    expect(listed).toEqual({ ...scalar, lines: listed.lines });
    expect(listed).not.toHaveProperty("models");
    expect(listed).not.toHaveProperty("reasoningLevels");
  });

  it("inherit inside a list is refused, naming the entry", () => {
    const [found] = errors("name: a\ndescription: d\nmodel:\n  - opus\n  - inherit");
    expect(found).toMatchObject({ code: "JUNE_AGENT_FIELD_INVALID", field: "model", line: 4 });
    expect(found!.message).toContain('entry 2 is "inherit"');
    const [reasoning] = errors("name: a\ndescription: d\nreasoning: [inherit, high]");
    expect(reasoning!.message).toContain('entry 1 is "inherit"');
  });

  it("a thinking level outside the AI SDK's set, or an empty list, is an error", () => {
    const [level] = errors("name: a\ndescription: d\nreasoning: [high, turbo]");
    expect(level).toMatchObject({ code: "JUNE_AGENT_FIELD_INVALID", field: "reasoning" });
    expect(level!.message).toContain('entry 2: "turbo" is not a thinking level');
    expect(errors("name: a\ndescription: d\nmodel: []")[0]!.message).toContain("empty list");
  });
});

describe("The skills: frontmatter key", () => {
  it("local paths and npm: refs are validated and surfaced verbatim, not resolved", () => {
    const { definition } = agentFile("name: zoe\ndescription: d\nskills:\n  - ./skills\n  - npm:@devoptixnl/claude-skills/devoptix");
    expect(definition?.skills).toEqual(["./skills", "npm:@devoptixnl/claude-skills/devoptix"]);
  });

  it("Claude Code's comma-separated form is a list too", () => {
    expect(agentFile("name: a\ndescription: d\nskills: pdf, ./more").definition?.skills).toEqual(["pdf", "./more"]);
  });

  it("a non-list, an empty entry or a bare npm: is an error naming the entry", () => {
    expect(errors("name: a\ndescription: d\nskills: {a: 1}")[0]).toMatchObject({ code: "JUNE_AGENT_FIELD_INVALID", field: "skills" });
    const found = errors('name: a\ndescription: d\nskills: ["./ok", "", "npm:"]');
    expect(found.map((d) => d.message)).toEqual([
      expect.stringContaining("entry 2 must be a skill name, a path or an npm: ref"),
      expect.stringContaining('entry 3 is "npm:" with no package'),
    ]);
  });
});

describe("Turn cap (maxTurns)", () => {
  it("defaults to 20 and takes a positive whole number", () => {
    expect(agentFile("name: a\ndescription: d").definition?.maxTurns).toBe(20);
    expect(agentFile("name: a\ndescription: d\nmaxTurns: 5").definition?.maxTurns).toBe(5);
  });

  it.each(["0", "-3", "2.5", "many"])("maxTurns: %s is an error at its line", (value) => {
    const [found] = errors(`name: a\ndescription: d\nmaxTurns: ${value}`);
    expect(found).toMatchObject({ code: "JUNE_AGENT_FIELD_INVALID", field: "maxTurns", line: 4 });
    expect(found!.message).toContain("positive whole number");
  });
});

describe("Agent tools: the grammar as parsed", () => {
  it("Claude Code's comma-separated string and a YAML list parse alike, raw strings kept", () => {
    const fromString = agentFile("name: a\ndescription: d\ntools: Read, Grep , Bash").definition!.tools;
    const fromList = agentFile("name: a\ndescription: d\ntools:\n  - Read\n  - Grep\n  - Bash").definition!.tools;
    expect(fromString).toEqual(fromList);
    expect(fromString).toEqual([
      { kind: "name", raw: "Read", name: "Read" },
      { kind: "name", raw: "Grep", name: "Grep" },
      { kind: "name", raw: "Bash", name: "Bash" },
    ]);
  });

  it("MCP(server), MCP(server:tool) and the raw mcp__ forms, split at the first __ after the prefix", () => {
    const tools = agentFile(
      "name: a\ndescription: d\ntools: MCP(Stripe), MCP(Nuclino:list_teams), mcp__github__issues__create, mcp__linear, mcp__slack__*, Bash(git diff:*, git log:*)",
    ).definition!.tools;
    expect(tools).toEqual([
      { kind: "mcp-server", raw: "MCP(Stripe)", server: "Stripe" },
      { kind: "mcp-tool", raw: "MCP(Nuclino:list_teams)", server: "Nuclino", tool: "list_teams", wireName: "mcp__Nuclino__list_teams" },
      { kind: "mcp-tool", raw: "mcp__github__issues__create", server: "github", tool: "issues__create", wireName: "mcp__github__issues__create" },
      { kind: "mcp-server", raw: "mcp__linear", server: "linear" },
      { kind: "mcp-server", raw: "mcp__slack__*", server: "slack" },
      { kind: "pattern", raw: "Bash(git diff:*, git log:*)", name: "Bash", pattern: "git diff:*, git log:*" },
    ]);
  });

  it("disallowedTools takes the same grammar, kept as written", () => {
    expect(agentFile("name: a\ndescription: d\ntools: MCP(gh)\ndisallowedTools: mcp__gh__delete, Write").definition?.disallowedTools).toEqual([
      "mcp__gh__delete",
      "Write",
    ]);
  });

  it("a name or wire name outside /^[A-Za-z0-9_-]{1,64}$/ is refused with JUNE_INVALID_TOOL_NAME", () => {
    const found = errors(`name: a\ndescription: d\ntools: memory:get, MCP(docs:get.page), MCP(gh:${"x".repeat(60)})`);
    expect(found.map((d) => [d.code, d.field, d.line])).toEqual([
      ["JUNE_INVALID_TOOL_NAME", "tools", 4],
      ["JUNE_INVALID_TOOL_NAME", "tools", 4],
      ["JUNE_INVALID_TOOL_NAME", "tools", 4],
    ]);
    expect(found[0]!.message).toContain('"memory:get"');
    expect(found[1]!.message).toContain('"mcp__docs__get.page"');
  });

  it("a server name that would misresolve, or MCP(server:) with no tool, is an error", () => {
    const found = errors("name: a\ndescription: d\ntools: MCP(my__api), MCP(api_), MCP(gh:), MCP()\ndisallowedTools: [Direct(cancel-order)]");
    expect(found.map((d) => [d.code, d.field])).toEqual([
      ["JUNE_AGENT_FIELD_INVALID", "tools"],
      ["JUNE_AGENT_FIELD_INVALID", "tools"],
      ["JUNE_AGENT_FIELD_INVALID", "tools"],
      ["JUNE_AGENT_FIELD_INVALID", "tools"],
      ["JUNE_AGENT_FIELD_INVALID", "disallowedTools"],
    ]);
    expect(found[0]!.message).toContain('"my__api"');
    expect(found[2]!.message).toContain("names no tool");
    expect(found[4]!.message).toContain("Routecraft route");
  });

  it("tools that are neither a string nor a list of strings are an error", () => {
    expect(errors("name: a\ndescription: d\ntools: {Read: true}")[0]).toMatchObject({ code: "JUNE_AGENT_FIELD_INVALID", field: "tools" });
  });
});

describe("Claude Code's permissionMode and hooks", () => {
  it("are keys June knows: a mode is kept (manual read as default), hooks are kept as written, neither warns", () => {
    const { definition, diagnostics } = agentFile("name: a\ndescription: d\npermissionMode: acceptEdits\nhooks:\n  Stop:\n    - hooks: [{ type: command, command: ./stop.sh }]");
    expect(diagnostics).toEqual([]);
    expect(definition?.permissionMode).toBe("acceptEdits");
    expect(definition?.hooks).toEqual({ Stop: [{ hooks: [{ type: "command", command: "./stop.sh" }] }] });
    expect(agentFile("name: a\ndescription: d\npermissionMode: manual").definition?.permissionMode).toBe("default");
  });

  it("a mode Claude Code doesn't have is an error at its line, listing the modes", () => {
    const [found] = errors("name: a\ndescription: d\npermissionMode: yolo");
    expect(found).toMatchObject({ code: "JUNE_AGENT_FIELD_INVALID", field: "permissionMode", line: 4 });
    expect(found!.message).toContain(`${file}:4`);
    expect(found!.message).toContain('"yolo"');
    expect(found!.message).toContain("default, acceptEdits, plan, auto, dontAsk, bypassPermissions");
  });
});

describe("Claude Code's model aliases, as June takes them", () => {
  it("fable and best run on Fable; <alias>[1m] is the alias's model (its window is 1M already)", () => {
    expect(agentFile("name: a\ndescription: d\nmodel: fable").definition?.model).toBe("anthropic:claude-fable-5-2");
    expect(agentFile("name: a\ndescription: d\nmodel: best").definition?.model).toBe("anthropic:claude-fable-5-2");
    expect(agentFile("name: a\ndescription: d\nmodel: sonnet[1m]").definition?.model).toBe("anthropic:claude-sonnet-5-5");
    expect(agentFile("name: a\ndescription: d\nmodel: opus[1m]").definition?.model).toBe("anthropic:claude-opus-5-5");
  });

  it("default is Claude Code's inherit: the model is left to the project", () => {
    expect(agentFile("name: a\ndescription: d\nmodel: default").definition).not.toHaveProperty("model");
  });

  it("opusplan and a [1m] id are errors that say why and what to write", () => {
    const [plan] = errors("name: a\ndescription: d\nmodel: opusplan");
    expect(plan).toMatchObject({ code: "JUNE_AGENT_FIELD_INVALID", field: "model", line: 4 });
    expect(plan!.message).toContain("plan mode");
    expect(plan!.message).toContain("`opus` or `sonnet`");
    const [million] = errors("name: a\ndescription: d\nmodel: claude-opus-4-6[1m]");
    expect(million!.message).toContain("without it");
  });

  it("the project's modelAliases come first: they add names and override Claude Code's", () => {
    const parse = (model: string) =>
      parseAgentFile(file, `---\nname: a\ndescription: d\nmodel: ${model}\n---\nx`, { modelAliases: { fast: "haiku", sonnet: "anthropic:claude-sonnet-4-5-20250929" } }).definition?.model;
    expect(parse("fast")).toBe("anthropic:claude-haiku-5-5");
    expect(parse("sonnet")).toBe("anthropic:claude-sonnet-4-5-20250929");
    expect(parse("opus")).toBe("anthropic:claude-opus-5-5");
  });
});

describe("a Claude Code plugin's agents", () => {
  const pluginFile = "plugins/review/agents/security.md";
  const parse = (frontmatter: string) => parseAgentFile(pluginFile, `---\n${frontmatter}\n---\nYou review.`, { plugin: "code-review" });

  it("are named <plugin>:<agent>, as Claude Code names them, and a caller sees a wire-safe tool name without a warning", () => {
    const { definition, diagnostics } = parse("name: security-reviewer\ndescription: Reviews for security");
    expect(diagnostics).toEqual([]);
    expect(definition).toMatchObject({ name: "code-review:security-reviewer", toolName: "code-review__security-reviewer", plugin: "code-review" });
  });

  it("a plugin agent without name: is named after its file", () => {
    expect(parse("description: Reviews").definition?.name).toBe("code-review:security");
  });

  it("a part that isn't wire safe still warns", () => {
    const { diagnostics } = parse("name: sec reviewer\ndescription: d");
    expect(diagnostics.map((d) => d.code)).toEqual(["JUNE_AGENT_NAME_NOT_WIRE_SAFE"]);
  });
});
