// Reading `june`'s command line into a command: which one, its file and its flags. Anything it
// doesn't understand is a CliError naming the problem and pointing at the help.
import { parseArgs } from "node:util";
import { CliError } from "./cli-error.ts";

/** What the user asked for. */
export type Command =
  | { kind: "help"; topic: HelpTopic }
  | { kind: "version" }
  | { kind: "run"; args: RunArgs }
  | { kind: "inspect"; args: InspectArgs }
  | { kind: "studio"; args: StudioArgs };

export type HelpTopic = "main" | "run" | "inspect" | "studio";
const TOPICS: readonly string[] = ["run", "inspect", "studio"];

/** `june studio [folder] [--web] [--port N]`; June Studio (the june-studio package) does the rest. */
export interface StudioArgs {
  /** The folder as given; June Studio picks a default without one. */
  folder?: string;
  /** The web studio even where the Electron app could run. */
  web: boolean;
  /** The web host's port; 0 or absent picks a free one. */
  port?: number;
  /** `--user-agents`: load the user's own `~/.claude/agents/` beside the project's (OpenOptions.userAgents). */
  userAgents?: true;
  /** `--allow-bypass-permissions`: honour Claude Code's `bypassPermissions` mode (OpenOptions.allowBypassPermissions). */
  allowBypassPermissions?: true;
}

export interface InspectArgs {
  /** The project folder (or one markdown agent file / workflow file's folder). */
  folder: string;
  json: boolean;
}

export interface RunArgs {
  /** The workflow file (or markdown agent `.md` file) as given (relative to the current folder, or absolute). */
  file: string;
  /** The --input text, not yet parsed. */
  input?: string;
  /** --prompt: what a markdown agent is asked (the same as --input '{"prompt":…}'). */
  prompt?: string;
  /** --user-agents: a markdown agent's project also gets the user's own `~/.claude/agents/`. */
  userAgents?: true;
  /** --allow-bypass-permissions: agents whose `permissionMode` is `bypassPermissions` run unasked. */
  allowBypassPermissions?: true;
  /** The --script file as given. */
  script?: string;
  /** The --replay record (a `.june/runs/<id>.jsonl`, or `june run --json`'s output) as given. */
  replay?: string;
  /** --fork-at: the model-call node of the --replay record to go on live from. */
  forkAt?: string;
  yes: boolean;
  json: boolean;
}

/**
 * The command `argv` (without node and the script) asks for.
 *
 * @example
 * parseCommand(["run", "flow.tsx", "--yes"]); // { kind: "run", args: { file: "flow.tsx", yes: true, json: false } }
 */
export function parseCommand(argv: readonly string[]): Command {
  const [first, ...rest] = argv;
  if (first === undefined) {
    throw new CliError("JUNE_CLI_USAGE", "june: missing a command. To run a workflow: june run <file.tsx>. See june --help.");
  }
  if (first === "-h" || first === "--help" || first === "help") return { kind: "help", topic: TOPICS.includes(rest[0] ?? "") ? (rest[0] as HelpTopic) : "main" };
  if (first === "-v" || first === "--version") return { kind: "version" };
  if (first === "run") return parseRun(rest);
  if (first === "inspect") return parseInspect(rest);
  if (first === "studio") return parseStudio(rest);
  const what = first.startsWith("-") ? `unknown option ${first}` : `unknown command "${first}"`;
  throw new CliError("JUNE_CLI_USAGE", `june: ${what}. The command is june run <file.tsx> [options]; see june --help.`);
}

function parseInspect(argv: readonly string[]): Command {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], allowPositionals: true, strict: true, options: { json: { type: "boolean" }, help: { type: "boolean", short: "h" } } });
  } catch (error) {
    throw new CliError("JUNE_CLI_USAGE", `june inspect: ${describeParseError(error)} See june inspect --help.`, { cause: error });
  }
  if (parsed.values.help) return { kind: "help", topic: "inspect" };
  if (parsed.positionals.length > 1) {
    throw new CliError("JUNE_CLI_USAGE", `june inspect: takes one folder, got ${parsed.positionals.length}. Usage: june inspect <folder> [--json].`);
  }
  return { kind: "inspect", args: { folder: parsed.positionals[0] ?? ".", json: parsed.values.json ?? false } };
}

function parseStudio(argv: readonly string[]): Command {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        web: { type: "boolean" },
        port: { type: "string" },
        "user-agents": { type: "boolean" },
        "allow-bypass-permissions": { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    throw new CliError("JUNE_CLI_USAGE", `june studio: ${describeParseError(error)} See june studio --help.`, { cause: error });
  }
  const { values, positionals } = parsed;
  if (values.help) return { kind: "help", topic: "studio" };
  if (positionals.length > 1) {
    throw new CliError("JUNE_CLI_USAGE", `june studio: takes one folder, got ${positionals.length} (${positionals.join(", ")}). Usage: june studio [folder] [--web] [--port N].`);
  }
  let port: number | undefined;
  if (values.port !== undefined) {
    port = Number(values.port);
    if (!/^\d+$/.test(values.port) || port > 65535) {
      throw new CliError("JUNE_CLI_USAGE", `june studio: --port takes a port number from 0 to 65535 (0 picks a free one), got ${JSON.stringify(values.port)}.`);
    }
  }
  return {
    kind: "studio",
    args: {
      ...(positionals[0] !== undefined ? { folder: positionals[0] } : {}),
      web: values.web === true,
      ...(port !== undefined ? { port } : {}),
      ...(values["user-agents"] ? { userAgents: true as const } : {}),
      ...(values["allow-bypass-permissions"] ? { allowBypassPermissions: true as const } : {}),
    },
  };
}

function parseRun(argv: readonly string[]): Command {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        input: { type: "string" },
        prompt: { type: "string" },
        "user-agents": { type: "boolean" },
        "allow-bypass-permissions": { type: "boolean" },
        script: { type: "string" },
        replay: { type: "string" },
        "fork-at": { type: "string" },
        yes: { type: "boolean", short: "y" },
        json: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    throw new CliError("JUNE_CLI_USAGE", `june run: ${describeParseError(error)} See june run --help for the options.`, { cause: error });
  }
  const { values, positionals } = parsed;
  if (values.help) return { kind: "help", topic: "run" };
  if (positionals.length === 0) {
    throw new CliError(
      "JUNE_CLI_USAGE",
      "june run: missing the workflow file. Pass the .tsx file whose default export is the workflow, e.g. june run flows/release.tsx, " +
        "or a markdown agent's .md file with what to ask it, e.g. june run .claude/agents/reviewer.md --prompt \"Review the diff\".",
    );
  }
  if (positionals.length > 1) {
    throw new CliError(
      "JUNE_CLI_USAGE",
      `june run: takes one workflow file, got ${positionals.length} (${positionals.join(", ")}). ` +
        "Pass props with --input '{…}' rather than as extra arguments.",
    );
  }
  const agentFile = /\.md$/i.test(positionals[0]!);
  if (!agentFile && (values.prompt !== undefined || values["user-agents"] || values["allow-bypass-permissions"])) {
    const flag = values.prompt !== undefined ? "--prompt" : values["user-agents"] ? "--user-agents" : "--allow-bypass-permissions";
    throw new CliError("JUNE_CLI_USAGE", `june run: ${flag} is for a markdown agent (.md file); a workflow takes its props with --input '{…}'.`);
  }
  if (values.prompt !== undefined && values.input !== undefined) {
    throw new CliError("JUNE_CLI_USAGE", `june run: give the agent --prompt TEXT or --input '{"prompt":…}', not both.`);
  }
  if (agentFile && values.prompt === undefined && values.input === undefined && values.replay === undefined) {
    throw new CliError("JUNE_CLI_USAGE", `june run: ${positionals[0]} is a markdown agent; say what to ask it: --prompt "…" (or --input '{"prompt":"…"}').`);
  }
  if (values["fork-at"] !== undefined && values.replay === undefined) {
    throw new CliError("JUNE_CLI_USAGE", "june run: --fork-at needs the run it forks: --replay <record.jsonl> --fork-at <model-call node id>.");
  }
  return {
    kind: "run",
    args: {
      file: positionals[0]!,
      ...(values.input !== undefined ? { input: values.input } : {}),
      ...(values.prompt !== undefined ? { prompt: values.prompt } : {}),
      ...(values["user-agents"] ? { userAgents: true as const } : {}),
      ...(values["allow-bypass-permissions"] ? { allowBypassPermissions: true as const } : {}),
      ...(values.script !== undefined ? { script: values.script } : {}),
      ...(values.replay !== undefined ? { replay: values.replay } : {}),
      ...(values["fork-at"] !== undefined ? { forkAt: values["fork-at"] } : {}),
      yes: values.yes === true,
      json: values.json === true,
    },
  };
}

const VALUE_EXAMPLES: Record<string, string> = {
  "--input": `'{"topic":"Suspense"}'`,
  "--prompt": `"Review the diff"`,
  "--script": "responses.json",
  "--replay": ".june/runs/<run-id>.jsonl",
  "--fork-at": "n7",
  "--port": "0",
};

/** node:util's messages name the option but read like an API error; say it as a user would. */
function describeParseError(error: unknown): string {
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") {
    const option = /'([^']+)'/.exec(message)?.[1] ?? message;
    return `unknown option ${option}.`;
  }
  if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE") {
    const option = /--[\w-]+/.exec(message)?.[0] ?? "an option";
    if (/argument missing/.test(message)) return `${option} needs a value, e.g. ${option} ${VALUE_EXAMPLES[option] ?? "<value>"}.`;
    if (/does not take an argument/.test(message)) return `${option} takes no value.`;
  }
  return `${message.replace(/\.$/, "")}.`;
}
