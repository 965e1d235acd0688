// Loading a folder (or one file) of markdown agents as plain data. One broken file never hides
// the others: each file's problems become diagnostics, and the rest load.
import { readFile } from "node:fs/promises";
import { parseAgentFile, type AgentDefinition, type ParseOptions } from "./agent-definition.ts";
import { errorAt, fileLine, type Diagnostic } from "./diagnostic.ts";
import { findAgentFiles } from "./walk.ts";

export interface LoadedDefinitions {
  /** Every agent that loaded, in walk order (names sorted at each level). */
  definitions: AgentDefinition[];
  /** Errors (that file's agent is absent) and warnings (it loaded), for every file walked. */
  diagnostics: Diagnostic[];
}

/**
 * Reads every agent file under `pathOrDir` (or the one .md file it names) into definitions;
 * `options` carries the project's model aliases and, for a Claude Code plugin's agents folder,
 * the plugin (its agents are named `<plugin>:<agent>`).
 * Never throws for a user's mistake: a bad file, a missing folder or two agents sharing a name
 * (`JUNE_DUPLICATE_AGENT`, naming both files; neither loads) come back as diagnostics.
 *
 * @example
 * const { definitions, diagnostics } = await loadAgentDefinitions(".claude/agents");
 * for (const d of diagnostics) console.warn(formatDiagnostic(d));
 * definitions.map((d) => d.name); // ["aria", "security", "triage"]
 */
export async function loadAgentDefinitions(pathOrDir: string, options: ParseOptions = {}): Promise<LoadedDefinitions> {
  const found = await findAgentFiles(pathOrDir);
  const diagnostics = [...found.diagnostics];
  const parsed = await Promise.all(
    found.files.map(async ({ file, bundle }) => {
      let text: string;
      try {
        text = await readFile(file, "utf8");
      } catch (error) {
        return { diagnostics: [errorAt({ file }, "JUNE_AGENT_FILE_UNREADABLE", `june: ${file} can't be read: ${(error as Error).message}`)] };
      }
      const result = parseAgentFile(file, text, options);
      if (result.definition && bundle !== undefined) result.definition.bundle = bundle;
      return result;
    }),
  );
  const definitions: AgentDefinition[] = [];
  for (const result of parsed) {
    diagnostics.push(...result.diagnostics);
    if (result.definition) definitions.push(result.definition);
  }
  return { definitions: withoutDuplicates(definitions, diagnostics), diagnostics };
}

// A silently shadowed agent surfaces months later as "why does it behave like the other one":
// a name held by two files is an error on each later file, and no file of that name loads.
function withoutDuplicates(definitions: AgentDefinition[], diagnostics: Diagnostic[]): AgentDefinition[] {
  const first = new Map<string, AgentDefinition>();
  const duplicated = new Set<string>();
  for (const definition of definitions) {
    const earlier = first.get(definition.name);
    if (!earlier) {
      first.set(definition.name, definition);
      continue;
    }
    duplicated.add(definition.name);
    const here = { file: definition.file, field: "name", line: definition.lines.name, column: 1 };
    const there = { file: earlier.file, line: earlier.lines.name };
    diagnostics.push(
      errorAt(here, "JUNE_DUPLICATE_AGENT",
        `june: two agent files are named ${JSON.stringify(definition.name)}: ${fileLine(there)} and ${fileLine(here)}. ` +
          "Agent names must be unique across the folder; rename one. Neither loads until then."),
    );
  }
  return definitions.filter((d) => !duplicated.has(d.name));
}
