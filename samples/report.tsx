// Report — the spec's "Composite tools" example: one tool can be a whole workflow. The outer agent
// is offered one tool, research; calling it renders the <Tool>'s children with the call's input
// and runs that workflow: an agent of its own, with a search tool the outer agent can't see. Its
// step's answer is what research returns, and its trace hangs under the tool call.
//
//   npm run june -- run samples/report.tsx
import { Agent, Step, Tool } from "june";
import { z } from "zod";
import { lastToolResult, sampleModel } from "./models.ts";
import { searchWeb, topFinding } from "./web.ts";

export default function Report() {
  const model = sampleModel("gpt-5-mini", [
    { toolCalls: [{ toolName: "research", input: { question: "How does React Suspense work?" } }] },
    (call) => ({ text: `Summary: ${lastToolResult(call)}` }),
  ]);
  return (
    <Agent model={model}>
      <Tool
        name="research"
        description="Research a question and report what was found"
        input={z.object({ question: z.string() })}
      >
        {({ question }) => (
          // Rendered afresh for each call, so each call gets a fresh model too.
          <Agent
            model={sampleModel("gpt-5-mini", [
              { toolCalls: [{ toolName: "search", input: { query: question } }] },
              (call) => ({ text: topFinding(lastToolResult(call)) }),
            ])}
          >
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
