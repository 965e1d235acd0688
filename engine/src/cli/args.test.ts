// Reading the command line: what each form means, and a clear JUNE_CLI_USAGE error for the rest.
import { describe, expect, it } from "vitest";
import { parseCommand } from "./args.ts";
import { CliError } from "./cli-error.ts";

function usageError(argv: string[]): CliError {
  try {
    parseCommand(argv);
  } catch (error) {
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).code).toBe("JUNE_CLI_USAGE");
    return error as CliError;
  }
  throw new Error(`expected ${argv.join(" ")} to be a usage error`);
}

describe("june run", () => {
  it("takes the file and the flags, in any order", () => {
    expect(parseCommand(["run", "--yes", "flow.tsx", "--json", "--input", '{"a":1}', "--script=s.json"])).toEqual({
      kind: "run",
      args: { file: "flow.tsx", input: '{"a":1}', script: "s.json", yes: true, json: true },
    });
  });

  it("-y is --yes; flags default to off", () => {
    expect(parseCommand(["run", "f.tsx", "-y"])).toEqual({ kind: "run", args: { file: "f.tsx", yes: true, json: false } });
    expect(parseCommand(["run", "f.tsx"])).toEqual({ kind: "run", args: { file: "f.tsx", yes: false, json: false } });
  });

  it("a missing file says what to pass", () => {
    expect(usageError(["run"]).message).toMatch(/missing the workflow file.*june run flows\/release\.tsx/);
  });

  it("an unknown flag is named, with where to find the options", () => {
    expect(usageError(["run", "f.tsx", "--fast"]).message).toBe("june run: unknown option --fast. See june run --help for the options.");
  });

  it("a flag without its value says what value it takes", () => {
    expect(usageError(["run", "f.tsx", "--input"]).message).toMatch(/--input needs a value, e\.g\. --input '\{"topic":"Suspense"\}'/);
  });

  it("two files are one too many", () => {
    expect(usageError(["run", "a.tsx", "b.tsx"]).message).toMatch(/takes one workflow file, got 2/);
  });
});

describe("june run <agent.md>", () => {
  it("takes --prompt, or --input, and --user-agents", () => {
    expect(parseCommand(["run", ".claude/agents/r.md", "--prompt", "Review it", "--user-agents"])).toEqual({
      kind: "run",
      args: { file: ".claude/agents/r.md", prompt: "Review it", userAgents: true, yes: false, json: false },
    });
    expect(parseCommand(["run", "r.md", "--input", '{"prompt":"x"}', "-y"])).toEqual({ kind: "run", args: { file: "r.md", input: '{"prompt":"x"}', yes: true, json: false } });
  });

  it("an agent without anything to ask is a usage error saying how to ask it", () => {
    expect(usageError(["run", "r.md"]).message).toMatch(/r\.md is a markdown agent; say what to ask it: --prompt/);
  });

  it("--prompt and --input together, or --prompt / --user-agents for a workflow, are usage errors", () => {
    expect(usageError(["run", "r.md", "--prompt", "a", "--input", "{}"]).message).toMatch(/not both/);
    expect(usageError(["run", "f.tsx", "--prompt", "a"]).message).toMatch(/--prompt is for a markdown agent/);
    expect(usageError(["run", "f.tsx", "--user-agents"]).message).toMatch(/--user-agents is for a markdown agent/);
    expect(usageError(["run", "f.tsx", "--allow-bypass-permissions"]).message).toMatch(/--allow-bypass-permissions is for a markdown agent/);
  });
});

describe("june studio", () => {
  it("--user-agents asks for the user's own agents", () => {
    expect(parseCommand(["studio", "proj", "--user-agents"])).toEqual({ kind: "studio", args: { folder: "proj", web: false, userAgents: true } });
    expect(parseCommand(["studio"])).toEqual({ kind: "studio", args: { web: false } });
  });

  it("--allow-bypass-permissions is the user's opt-in to Claude Code's bypassPermissions mode", () => {
    expect(parseCommand(["studio", "--allow-bypass-permissions"])).toEqual({ kind: "studio", args: { web: false, allowBypassPermissions: true } });
    expect(parseCommand(["run", "a.md", "--prompt", "p", "--allow-bypass-permissions"])).toEqual({
      kind: "run",
      args: { file: "a.md", prompt: "p", allowBypassPermissions: true, yes: false, json: false },
    });
  });
});

describe("help and other commands", () => {
  it("--help, -h and help show the main usage; run --help and help run the run usage", () => {
    expect(parseCommand(["--help"])).toEqual({ kind: "help", topic: "main" });
    expect(parseCommand(["-h"])).toEqual({ kind: "help", topic: "main" });
    expect(parseCommand(["run", "--help"])).toEqual({ kind: "help", topic: "run" });
    expect(parseCommand(["run", "f.tsx", "-h"])).toEqual({ kind: "help", topic: "run" });
    expect(parseCommand(["help", "run"])).toEqual({ kind: "help", topic: "run" });
  });

  it("no command and an unknown command are usage errors", () => {
    expect(usageError([]).message).toMatch(/missing a command/);
    expect(usageError(["deploy"]).message).toMatch(/unknown command "deploy"/);
  });
});
