import { openai } from "june/sdk/openai";
import { tool } from "ai";
import { Agent, Step, Tool, defineAgent } from "june";
import { z } from "zod";

const searchWeb = tool({
  description: "Search the web",
  inputSchema: z.object({ query: z.string() }),
  execute: async ({ query }) => `results for ${query}`,
});

const Researcher = defineAgent({
  name: "researcher",
  description: "Researches a question and reports what it found",
  input: z.object({ question: z.string() }),
  model: openai("gpt-5-mini"),
  instructions: "You research carefully and cite what you find.",
  prompt: ({ question }) => `Research: ${question}`,
  capabilities: () => <Tool name="search" value={searchWeb} />,
});

export default function Article() {
  return (
    <Agent model={openai("gpt-5")}>
      <Researcher />
      <Step id="write" prompt="Write a short article on how Suspense works" />
    </Agent>
  );
}
