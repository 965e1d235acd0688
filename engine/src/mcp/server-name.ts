// Routecraft's rule for MCP client names: a wire name `mcp__<server>__<tool>` is split at the first
// "__" after the prefix, so the server half must be unambiguous — not empty, no "__", no trailing
// "_" — which leaves the tool half free to carry "__" of its own.
import { JuneError } from "../errors/index.ts";

// Beyond Routecraft's three rules: anything but these characters would make every wire name of
// the server one that no provider accepts (and a ":" would break `MCP(server:tool)`).
const NAME_CHARACTERS = /^[A-Za-z0-9_-]+$/;

/** Why `name` can't name an MCP server, or undefined when it can. */
export function serverNameProblem(name: unknown): string | undefined {
  if (typeof name !== "string") return `a name must be a string, not ${name === null ? "null" : typeof name}`;
  if (name.length === 0) return "a name may not be empty";
  if (name.includes("__")) return `a name may not contain "__", because mcp__<server>__<tool> is split at the first "__" after "mcp__"`;
  if (name.endsWith("_")) return `a name may not end in "_", because mcp__<server>__<tool> is split at the first "__" after "mcp__"`;
  if (!NAME_CHARACTERS.test(name)) return `a name is letters, digits, "_" and "-", so that every tool's wire name mcp__<server>__<tool> is one a model provider accepts`;
  return undefined;
}

/** Throws JUNE_INVALID_MCP_NAME naming the server and the rule it breaks. */
export function checkServerName(name: unknown): string {
  const problem = serverNameProblem(name);
  if (problem) {
    throw new JuneError(
      "JUNE_INVALID_MCP_NAME",
      `june: mcpServer(${JSON.stringify(name) ?? String(name)}, …) has an invalid MCP server name: ${problem}. Rename it (e.g. "github", "my-docs").`,
    );
  }
  return name as string;
}
