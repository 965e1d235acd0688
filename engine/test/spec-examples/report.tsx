import { openai } from "june/sdk/openai";
import { tool } from "ai";
import { Agent, Step, Tool } from "june";
import { z } from "zod";

const searchWeb = tool({
  description: "Search the web",
  inputSchema: z.object({ query: z.string() }),
  execute: async ({ query }) => `results for ${query}`,
});

export default function Report() {
  return (
    <Agent model={openai("gpt-5-mini")}>
      <Tool
        name="research"
        description="Research a question and report what was found"
        input={z.object({ question: z.string() })}
      >
        {({ question }) => (
          <Agent model={openai("gpt-5-mini")}>
            <Tool name="search" value={searchWeb} />
            <Step id="findings" prompt={`Research: ${question}`} />
          </Agent>
        )}
      </Tool>
      <Step
        id="report"
        prompt="Research how Suspense works, then write a summary"
      />
    </Agent>
  );
}
