// A large, real-world style corpus of Claude Code agent files: 500 agents in nested folders (a
// third with the unquoted `: ` strict YAML refuses, block-scalar descriptions, model lists and
// aliases, mixed tools grammar, every tenth a bundle with a skill, an unknown key in each).
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";

export const CORPUS_AGENTS = 500;
const AGENTS = CORPUS_AGENTS;

export /** 500 agents: 10 groups × 5 subfolders × 10 agents, every 10th a bundle with a skill. */
async function generate(root: string): Promise<void> {
  for (let i = 0; i < AGENTS; i++) {
    const dir = join(root, `group-${i % 10}`, `area-${Math.floor(i / 10) % 5}`);
    const name = `agent-${i}`;
    const colon = i % 3 === 0; // a third carry the unquoted `: ` strict YAML refuses
    const frontmatter = [
      `name: ${name}`,
      colon
        ? `description: Use this agent when: the user asks about area ${i}. Examples: <example>Context: issue ${i}\\nuser: "help"</example>`
        : `description: |\n  Handles area ${i}.\n  Knows its tools.`,
      i % 2 === 0 ? "model: sonnet" : "model:\n  - haiku\n  - openai:gpt-5-mini",
      i % 4 === 0 ? "tools: Read, Grep, Bash, MCP(github:search_issues)" : "tools:\n  - Read\n  - mcp__linear__*",
      "maxTurns: 12",
      "color: blue",
      "memory: project",
    ].join("\n");
    const body = `You are ${name}.\n\n${"Follow the project's conventions. ".repeat(20)}\n`;
    if (i % 10 === 0) {
      const bundle = join(dir, name);
      await mkdir(join(bundle, "skills"), { recursive: true });
      await writeFile(join(bundle, "AGENT.md"), `---\n${frontmatter}\n---\n${body}`);
      await writeFile(join(bundle, "skills", "policy.md"), "---\nname: policy\ndescription: a skill, never an agent\n---\nRules.");
    } else {
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, `${name}.md`), `---\n${frontmatter}\n---\n${body}`);
    }
  }
}
