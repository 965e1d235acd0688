import { openai } from "june/sdk/openai";
import { tool } from "ai";
import { Agent, Step, Tool } from "june";
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

export default function Nested() {
  return (
    <Agent model={model}>
      <Tool name="readFile" value={readFile} />
      <Step id="outer" prompt="Read package.json" />

      <Agent model={model}>
        <Tool name="search" value={search} />
        <Step id="inner" prompt="Search for its dependencies" />
      </Agent>
    </Agent>
  );
}
