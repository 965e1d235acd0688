// Splitting a markdown skill into its YAML frontmatter (name, description) and its body.
import { readFrontmatter } from "../frontmatter/index.ts";
import { JuneError } from "../errors/index.ts";

/** A skill file's frontmatter fields June reads, and the markdown after it. */
export interface SkillText {
  name?: string;
  description?: string;
  body: string;
}

/**
 * The frontmatter fields and body of the markdown `text` read from `file` (named in errors).
 * Frontmatter is optional; when present it opens on the first line with `---` and closes with
 * the next `---` line. The body loses its leading blank lines and trailing whitespace.
 */
export function parseSkill(text: string, file: string): SkillText {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  if (lines[0]?.trim() !== "---") return { body: tidy(lines.join("\n")) };
  const close = lines.findIndex((line, index) => index > 0 && line.trim() === "---");
  if (close === -1) {
    throw new JuneError(
      "JUNE_INVALID_BLOCK",
      `june: the skill ${file} opens its frontmatter with "---" on line 1 but never closes it: add a "---" line after the frontmatter.`,
    );
  }
  const data = frontmatterData(lines.slice(0, close + 1).join("\n"), file);
  const skill: SkillText = { body: tidy(lines.slice(close + 1).join("\n")) };
  const name = field(data, "name", file);
  const description = field(data, "description", file);
  if (name !== undefined) skill.name = name;
  if (description !== undefined) skill.description = description;
  return skill;
}

// Skills are written like Claude Code files (an unquoted `: ` in a description is normal), so
// they get the same tolerant reader as agent files.
function frontmatterData(frontmatter: string, file: string): Record<string, unknown> {
  const read = readFrontmatter(file, frontmatter);
  if (!read.ok) {
    throw new JuneError("JUNE_INVALID_BLOCK", `june: the frontmatter of the skill ${file} is not valid YAML: ${read.diagnostic.message}`);
  }
  return read.frontmatter.data;
}

function field(data: Record<string, unknown>, key: "name" | "description", file: string): string | undefined {
  const value = data[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string" || value.trim() === "") {
    throw new JuneError(
      "JUNE_INVALID_BLOCK",
      `june: the frontmatter field "${key}" of the skill ${file} is ${JSON.stringify(value)}: make it non-empty text, or leave it out.`,
    );
  }
  return value.trim();
}

function tidy(body: string): string {
  return body.replace(/^\s*\n/, "").trimEnd();
}
