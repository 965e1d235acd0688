// The help texts `june --help` and `june run --help` print.

export const MAIN_USAGE = `Usage: june <command> [options]

June runs JSX agent workflows on the AI SDK.

Commands:
  run <file.tsx>    Run a workflow and stream it as a live tree (june run --help)
  run <agent.md>    Run a markdown agent of its project: june run agent.md --prompt "…"
  inspect [folder]  List a project's agents, their tools, and every problem (june inspect --help)
  studio [folder]   Open a project folder in June Studio (june studio --help)

Options:
  -h, --help        Show this help
  -v, --version     Print June's version
`;

export const RUN_USAGE = `Usage: june run <file.tsx> [--input JSON] [--yes] [--json] [--script responses.json]
                    [--replay record.jsonl [--fork-at NODE]]
       june run <agent.md> --prompt TEXT [--user-agents] [--allow-bypass-permissions]
                    [the same options]

Loads the workflow file, renders its default export with the --input props and runs it,
printing each agent, step, model call and tool call as it starts and ends, model text as it
streams, and a token summary at the end.

A markdown agent file (.md, Claude Code's agent format) runs as an agent of the project it sits
in: the nearest folder above it with a june.config.* or a .claude/ folder (else its own folder),
so the project's config, tools, MCP servers, plugins and other agents apply.

Options:
  --input <json>      Props for the default export, as a JSON object (default {}),
                      e.g. --input '{"topic":"Suspense"}'; for an agent, {"prompt":"…"}
  --prompt <text>     What to ask a markdown agent (the same as --input '{"prompt":"…"}')
  --user-agents       Also load your own agents (~/.claude/agents/) beside the project's;
                      a project agent of the same name wins
  --allow-bypass-permissions
                      Honour an agent's Claude Code permissionMode bypassPermissions (its
                      tools run unasked; deny rules and hooks still apply). Without it such
                      an agent runs in the default mode, with a warning
  --script <file>     Run offline: a JSON array of scripted model responses that replaces
                      every agent's model, one response per model call, in the order the run
                      makes them, e.g. [{"toolCalls":[{"toolName":"search","input":{"query":"x"}}]},
                      {"text":"Done."}]
  --replay <file>     Run again from a recorded run (the studio's .june/runs/<id>.jsonl, or
                      what --json printed): its model answers, tool results and approval
                      decisions come from the record; no model is called, no tool runs
  --fork-at <node>    With --replay: the record up to this model call (its node id, e.g. n7),
                      then live from there
  -y, --yes           Approve every tool call that asks for approval, without asking
  --json              Print every trace event as one JSON line on stdout, nothing else;
                      prompts and the summary go to stderr
  -h, --help          Show this help

Approvals: when a tool call asks for approval, June shows the tool, its input, the agent and
the step on stderr and reads one answer per line from stdin: y approves, n denies (then asks
for an optional reason), a approves this and every later request in the run. If stdin ends,
calls still waiting are denied with the reason "no answer (stdin closed)".

Ctrl-C aborts the run (tools' child processes end too); a second Ctrl-C exits at once.

Exit codes: 0 succeeded, 1 failed, 2 usage or load error, 130 aborted.
`;

export const INSPECT_USAGE = `Usage: june inspect [folder] [--json]

Loads a project folder the way June Studio does — june.config.ts, every workflow file that
imports June, and the markdown agents in .claude/agents/, agents/ and Claude Code plugins — and
prints every agent
(name, kind, file, model, tools) and every error and warning with its file, line and code.

Options:
  --json        Print { agents, problems } as JSON on stdout
  -h, --help    Show this help

Exit codes: 0 no errors (warnings allowed), 1 at least one error, 2 usage error. Use it in CI to
check agent files.
`;

export const STUDIO_USAGE = `Usage: june studio [folder] [--web] [--port N] [--user-agents] [--allow-bypass-permissions]

Opens a project folder in June Studio: its agents, their capabilities and problems, runs with
live traces, one approval inbox across every run, and token usage. Without a folder it opens
June's samples/ folder.

June Studio opens as a desktop window where the Electron app is installed; elsewhere (or with
--web) it serves the studio to your browser from 127.0.0.1 only and prints one line on stdout:

  June Studio: http://127.0.0.1:PORT/?token=TOKEN

Open that exact URL: the token in it is what lets your browser in. Ctrl-C stops the studio
(live runs are aborted first).

Options:
  --web         Serve the web studio even where the desktop app could open
  --port <n>    The web studio's port (default 0: any free port)
  --user-agents Also load your own agents (~/.claude/agents/) beside the project's; a
                project agent of the same name wins
  --allow-bypass-permissions
                Honour Claude Code's permissionMode bypassPermissions in the folder's
                agents (deny rules and hooks still apply); without it, the default mode
  -h, --help    Show this help

Exit codes: 0 stopped cleanly, 2 usage error or a folder that can't be opened.
`;
