import { openai } from "june/sdk/openai";
import { tool } from "ai";
import { Agent, Step, Tool, defineCapabilities } from "june";
import { z } from "zod";

const readFile = tool({
  description: "Read a file",
  inputSchema: z.object({ path: z.string() }),
  execute: async ({ path }) => Bun.file(path).text(),
});
const writeFile = tool({
  description: "Write a file",
  inputSchema: z.object({ path: z.string(), text: z.string() }),
  execute: async ({ path, text }) => Bun.write(path, text).then(() => "ok"),
});
const search = tool({
  description: "Search the web",
  inputSchema: z.object({ query: z.string() }),
  execute: async ({ query }) => `results for ${query}`,
});
const deploy = tool({
  description: "Deploy to an environment",
  inputSchema: z.object({ env: z.enum(["staging", "prod"]) }),
  needsApproval: true,
  execute: async ({ env }) => `Deployed to ${env}`,
});
const model = openai("gpt-5-mini");

export const Files = defineCapabilities(
  ({ writable = false }: { writable?: boolean }) => (
    <>
      <Tool name="readFile" value={readFile} />
      {writable && <Tool name="writeFile" value={writeFile} />}
    </>
  ),
  { name: "Files" },
);

export default function Fix() {
  return (
    <Agent model={model}>
      <Files writable />
      <Tool name="deploy" value={deploy} />
      <Step id="fix" prompt="Fix the failing test" />
    </Agent>
  );
}
