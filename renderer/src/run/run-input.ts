// What the Run box holds → a run's input: JSON props for a workflow, a prompt for a markdown agent.
import type { ProjectEntry } from "../contract/index.ts";

export type ParsedInput = { ok: true; value: unknown } | { ok: false; message: string };

/**
 * Checks the Run box before anything is sent, the way `june run --input` does.
 *
 * @example
 * parseRunInput("workflow", '{"topic":"Suspense"}'); // { ok: true, value: { topic: "Suspense" } }
 */
export function parseRunInput(kind: ProjectEntry["kind"], text: string): ParsedInput {
  if (kind === "markdown") {
    const prompt = text.trim();
    return prompt ? { ok: true, value: prompt } : { ok: false, message: "Type a prompt for this agent, e.g. what you want it to do." };
  }
  if (text.trim() === "") return { ok: true, value: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `The input is not valid JSON (${(error as Error).message}). Give the workflow's props as one JSON object, e.g. {"topic": "Suspense"}.` };
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return { ok: false, message: `The input must be a JSON object (the props of the workflow's default export), not ${Array.isArray(value) ? "an array" : value === null ? "null" : typeof value}.` };
  }
  return { ok: true, value };
}

/** What the box starts with: `{}` for a workflow; empty for a markdown agent (its example is the placeholder). */
export function defaultInputText(kind: ProjectEntry["kind"]): string {
  return kind === "workflow" ? "{}" : "";
}

/** A markdown agent's "Example: …" from its description, as the prompt box's placeholder. */
export function examplePrompt(description: string | undefined): string | undefined {
  const match = /Example:\s*"?([^"\n]+)"?/i.exec(description ?? "");
  return match?.[1]?.trim();
}
