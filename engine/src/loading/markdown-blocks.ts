// The blocks a markdown agent runs with in a project: the config's default blocks, merged by name
// with the skills its `skills:` key names (local folders or files, relative to the agent file).
import { dirname, resolve } from "node:path";
import { mergeBlocks, skills, type Blocks } from "../blocks/index.ts";
import type { AgentDefinition } from "../markdown/index.ts";
import { problemFromError, type Problem } from "./problem.ts";

export async function markdownBlocks(
  definition: AgentDefinition,
  defaults: Blocks | undefined,
  entryId: string,
): Promise<{ blocks: Blocks | undefined; problems: Problem[] }> {
  const problems: Problem[] = [];
  const own: Blocks = {};
  const base = definition.bundle ?? dirname(definition.file);
  for (const ref of definition.skills ?? []) {
    if (ref.startsWith("npm:")) {
      problems.push({
        severity: "warning",
        code: "JUNE_SKILLS_NOT_RESOLVED",
        message: `june: ${definition.file}: \`skills\`: the package reference ${JSON.stringify(ref)} is not resolved by June yet; the agent runs without it.`,
        file: definition.file,
        entryId,
      });
      continue;
    }
    try {
      Object.assign(own, await skills({ source: resolve(base, ref) }));
    } catch (error) {
      problems.push(problemFromError(error, definition.file, entryId));
    }
  }
  const merged = mergeBlocks(defaults ?? {}, Object.keys(own).length ? { skills: own } : {});
  return { blocks: Object.keys(merged).length ? merged : undefined, problems };
}
