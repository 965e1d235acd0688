import { openai } from "june/sdk/openai";
import { tool } from "ai";
import { Agent, Inherit, Step, Tool } from "june";
import { z } from "zod";

const readFile = tool({
  description: "Read a file",
  inputSchema: z.object({ path: z.string() }),
  execute: async ({ path }) => Bun.file(path).text(),
});
const deploy = tool({
  description: "Deploy to an environment",
  inputSchema: z.object({ env: z.enum(["staging", "prod"]) }),
  needsApproval: true,
  execute: async ({ env }) => `Deployed to ${env}`,
});

export default function Summarize() {
  return (
    <Agent model={openai("gpt-5-mini")}>
      <Tool name="readFile" value={readFile} />
      <Tool name="deploy" value={deploy} />

      <Agent model={openai("gpt-5-nano")}>
        <Inherit capabilities={["readFile"]} />
        <Step id="summarize" prompt="Summarize README.md" />
      </Agent>
    </Agent>
  );
}
