// Summarize — the spec's "Inheriting a parent's tools" example: capabilities cross into a nested
// agent only when named. The inner agent (its own, smaller model) takes readFile from its parent
// with <Inherit>, and reads this folder's README.md with it; the parent's deploy stays out of
// its reach. The outer agent has no step of its own, so its model is never called.
//
//   npm run june -- run samples/summarize.tsx
import { tool } from "ai";
import { Agent, Inherit, Step, Tool } from "june";
import { z } from "zod";
import { readFile } from "./files.ts";
import { lastToolResult, sampleModel } from "./models.ts";

const deploy = tool({
  description: "Deploy to an environment",
  inputSchema: z.object({ env: z.enum(["staging", "prod"]) }),
  needsApproval: true,
  execute: async ({ env }) => `Deployed to ${env}`,
});

export default function Summarize() {
  return (
    <Agent model={sampleModel("gpt-5-mini", [])}>
      <Tool name="readFile" value={readFile} />
      <Tool name="deploy" value={deploy} />

      <Agent
        model={sampleModel("gpt-5-nano", [
          { toolCalls: [{ toolName: "readFile", input: { path: "README.md" } }] },
          (call) => ({ text: summarize(lastToolResult(call)) }),
        ])}
      >
        <Inherit capabilities={["readFile"]} />
        <Step id="summarize" prompt="Summarize README.md" />
      </Agent>
    </Agent>
  );
}

/** "README.md (Title) covers: a, b, c." from its headings. */
function summarize(markdown: string): string {
  const title = /^# (.+)$/m.exec(markdown)?.[1] ?? "README.md";
  const sections = [...markdown.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
  return `README.md (${title}) covers: ${sections.join(", ")}.`;
}
