// What an agent's model lacks, found when the project loads rather than at the first model call:
// an agent with steps and no model where the project gives no default (JUNE_NO_MODEL, an error:
// it can't run), and a model whose provider's API key is not set where runs read it
// (JUNE_MISSING_API_KEY, a warning: the user may set it before running, and a run says so again).
// The advice fits where the model is written: a markdown agent's frontmatter, a workflow's JSX,
// june.config.ts's default. Runs in whichever process holds the models (here, or a load worker).
import { readFile } from "node:fs/promises";
import { INHERIT, MODEL_ALIASES, readFrontmatter, type AgentDefinition } from "../markdown/index.ts";
import { apiKeySource, findApiKey, type ApiKeySource } from "../sdk/index.ts";
import type { TraceNode } from "../trace/index.ts";
import type { JuneConfig } from "./config.ts";
import { place, type Problem } from "./problem.ts";

/** An environment as runs read it: variable → value. Only presence is ever read; a value is never shown. */
export type KeyEnvironment = Readonly<Record<string, string | undefined>>;

/** What an agent's model is checked against: the project's default model and where keys are read. */
export interface ModelCheck {
  /** june.config.ts `model`: the model of every agent that sets none (and of `model: inherit`). */
  defaultModel?: unknown;
  /** The project's june.config.* file, named in advice; undefined when it has none. */
  configFile?: string;
  /** The project's own model aliases (june.config.ts `modelAliases`), named in advice beside Claude Code's. */
  aliases?: Readonly<Record<string, string>>;
  /** Where a run reads a provider's key: this process's environment (a run's worker gets a copy of it). */
  env: KeyEnvironment;
}

/**
 * How a project's models are checked, or undefined when that can't be known: its june.config.ts
 * exists but was not loaded (restricted mode, or it failed and is a problem of its own), so what
 * default it gives is unknown and saying "no model" would blame the agents for it.
 *
 * @example
 * const check = modelCheckOf(parts); // { defaultModel: config.model, configFile, env: process.env }
 */
export function modelCheckOf(
  project: { config: JuneConfig | undefined; configFile: string | undefined; modelAliases?: Readonly<Record<string, string>> },
  env: KeyEnvironment = process.env,
): ModelCheck | undefined {
  if (project.configFile !== undefined && project.config === undefined) return undefined;
  return {
    ...(project.config?.model !== undefined ? { defaultModel: project.config.model } : {}),
    ...(project.configFile !== undefined ? { configFile: project.configFile } : {}),
    ...(project.modelAliases ? { aliases: project.modelAliases } : {}),
    env,
  };
}

/**
 * The model problems of an inspected workflow: `models` holds each agent node's model as declared
 * (inspect's `onModel`). An agent inside a composite tool or a delegation may take its caller's
 * model, so only its own model's key is checked there. One key warning per variable per entry.
 *
 * @example
 * const models = new Map<TraceNode, unknown>();
 * const tree = await inspect(element, { onModel: (node, model) => models.set(node, model) });
 * workflowModelProblems(tree, models, file, "workflow:flow.tsx", check);
 */
export function workflowModelProblems(tree: TraceNode, models: ReadonlyMap<TraceNode, unknown>, file: string, entryId: string, check: ModelCheck): Problem[] {
  const problems: Problem[] = [];
  const warned = new Set<string>();
  const visit = (node: TraceNode, inComposite: boolean): void => {
    if (node.kind === "agent") {
      const where = place(node.source, file);
      const label = `${at(where)}: the agent ${JSON.stringify(node.name)}`;
      const own = models.get(node);
      if (typeof own === "string") {
        problems.push(noModel(where, entryId, `${label} names its model as the string ${JSON.stringify(own)}; June needs a model object: ` +
          `<Agent model={openai(${JSON.stringify(own)})}> with import { openai } from "june/sdk/openai" (anthropic and openaiCompatible are in june/sdk/* too).`));
      } else if (own !== undefined) {
        keyProblem(own, where, entryId, check, warned, problems, (source) => `${label} runs on ${source.model}`, JSX_ELSE);
      } else if (!inComposite && !node.error && ownsSteps(node)) {
        if (check.defaultModel === undefined) {
          problems.push(noModel(where, entryId, `${label} has steps but no model, and the project has no default model, so it can't run. ` +
            `Give it one in the JSX: <Agent model={openai("gpt-5-mini")}> with import { openai } from "june/sdk/openai" ` +
            `(anthropic and openaiCompatible are in june/sdk/* too), or set a default for every agent: ${configAdvice(check)}.`));
        } else {
          keyProblem(check.defaultModel, where, entryId, check, warned, problems,
            (source) => `${label} has no model of its own and runs on ${configName(check)}'s default, ${source.model}`, DEFAULT_ELSE);
        }
      }
    }
    for (const child of node.children) visit(child, inComposite || node.kind === "composite");
  };
  visit(tree, false);
  return problems;
}

/**
 * The model problems of a markdown agent: `model` is what it resolved to (its `model:`, else the
 * project's default), undefined when neither gives one. Placed on the `model:` line, or on the
 * frontmatter's opening `---` when the field is missing.
 *
 * @example
 * await markdownModelProblems(definition, resolved.agent.settings.model, "markdown:reviewer", check);
 */
export async function markdownModelProblems(definition: AgentDefinition, model: unknown, entryId: string, check: ModelCheck): Promise<Problem[]> {
  const fieldLine = definition.lines.model;
  const where = { file: definition.file, line: fieldLine ?? (await frontmatterStart(definition.file)) };
  const label = `${at(where)}: the agent ${JSON.stringify(definition.name)}`;
  if (model === undefined) {
    const aliases = `an alias (${aliasList(check)}) or a provider:model reference ("anthropic:claude-sonnet-5-5", "openai:gpt-5-mini")`;
    const message =
      fieldLine === undefined
        ? `${label} has no \`model:\` in its frontmatter and the project has no default model, so it can't run. ` +
          `Add \`model:\` to its frontmatter: ${aliases}; or \`${INHERIT}\` with a default for every agent: ${configAdvice(check)}.`
        : `${label} leaves its model to the project's default (\`model: ${INHERIT}\`), and ${check.configFile === undefined ? "the project has no june.config.ts to give one" : `${configName(check)} sets no \`model\``}, so it can't run. ` +
          `Set a default for every agent: ${configAdvice(check)}; or name the agent's own in \`model:\`: ${aliases}.`;
    return [noModel(where, entryId, message)];
  }
  const problems: Problem[] = [];
  keyProblem(model, where, entryId, check, new Set(), problems, (source) =>
    definition.model !== undefined ? `${label} runs on \`model: ${definition.model}\`, ${source.model}` : `${label} runs on ${configName(check)}'s default model, ${source.model}`,
    definition.model !== undefined ? "or name another model in its `model:`" : DEFAULT_ELSE);
  return problems;
}

const JSX_ELSE = "or pass the key in the model's settings from a variable of your own: openai(\"…\", { apiKey: process.env.MY_KEY })";
const DEFAULT_ELSE = "or give the agent a model of its own";

/** A warning when `model` needs a key that `check.env` lacks (once per variable in `warned`). */
function keyProblem(
  model: unknown,
  where: Pick<Problem, "file" | "line" | "column">,
  entryId: string,
  check: ModelCheck,
  warned: Set<string>,
  problems: Problem[],
  runsOn: (source: ApiKeySource) => string,
  orElse: string,
): void {
  const source = apiKeySource(model);
  if (!source || findApiKey(source, check.env) !== undefined || warned.has(source.envVar)) return;
  warned.add(source.envVar);
  problems.push({
    severity: "warning",
    code: "JUNE_MISSING_API_KEY",
    message:
      `june: ${runsOn(source)}, which needs the API key ${source.envVar}, and ${source.envVar} is not set where June runs: a run would fail at its first model call. ` +
      `Set it in the shell that starts June (\`export ${source.envVar}=…\`) and start June again, ${orElse}.`,
    ...where,
    entryId,
  });
}

function noModel(where: Pick<Problem, "file" | "line" | "column">, entryId: string, message: string): Problem {
  return { severity: "error", code: "JUNE_NO_MODEL", message: `june: ${message}`, ...where, entryId };
}

/** Whether an agent has steps of its own (directly, or inside its `<Catch>`es), not only agents under it. */
function ownsSteps(node: TraceNode): boolean {
  return node.children.some((child) => child.kind === "step" || (child.kind === "catch" && ownsSteps(child)));
}

/** The aliases a `model:` may name here: the project's own, then Claude Code's. */
function aliasList(check: ModelCheck): string {
  return [...new Set([...Object.keys(check.aliases ?? {}), ...Object.keys(MODEL_ALIASES)])].join(", ");
}

function configName(check: ModelCheck): string {
  return check.configFile ?? "june.config.ts";
}

function configAdvice(check: ModelCheck): string {
  const file = configName(check);
  return `\`model: openai("gpt-5-mini")\` in ${file}'s \`export default defineConfig({ … })\`${check.configFile === undefined ? " (a new file in the project folder)" : ""}`;
}

function at(where: Pick<Problem, "file" | "line" | "column">): string {
  return [where.file ?? "", where.line, where.column].filter((part) => part !== undefined).join(":");
}

/** The line of a markdown file's opening `---` (1 if it can't be read again). */
async function frontmatterStart(file: string): Promise<number> {
  try {
    const read = readFrontmatter(file, await readFile(file, "utf8"));
    return read.ok ? read.frontmatter.startLine : 1;
  } catch {
    // Read a moment ago to load the agent; if it's gone now, its first line is still the best place.
    return 1;
  }
}
