// Article — the spec's "Callable agents" example: defineAgent makes an agent other agents call as
// one tool. The writer sees one tool, researcher; calling it runs the researcher as an agent of
// its own (its own model, instructions and private search tool) on a prompt built from the
// call's input alone, and what it answers is what the tool returns.
//
//   npm run june -- run samples/article.tsx
import { Agent, Step, Tool, defineAgent } from "june";
import { z } from "zod";
import { lastToolResult, sampleModel } from "./models.ts";
import { searchWeb, topFinding } from "./web.ts";

export default function Article() {
  // Defined in the component (the spec defines it at module level) only so that each run gets a
  // fresh scripted model; with OPENAI_API_KEY set the two are the same.
  const Researcher = defineAgent({
    name: "researcher",
    description: "Researches a question and reports what it found",
    input: z.object({ question: z.string() }),
    model: sampleModel("gpt-5-mini", [
      { toolCalls: [{ toolName: "search", input: { query: "React Suspense fallback" } }] },
      (call) => ({ text: topFinding(lastToolResult(call)) }),
    ]),
    instructions: "You research carefully and cite what you find.",
    prompt: ({ question }) => `Research: ${question}`,
    capabilities: () => <Tool name="search" value={searchWeb} />,
  });

  const writer = sampleModel("gpt-5", [
    { toolCalls: [{ toolName: "researcher", input: { question: "How does React Suspense work?" } }] },
    (call) => ({ text: `# How Suspense works\n\n${lastToolResult(call)}` }),
  ]);
  return (
    <Agent model={writer}>
      <Researcher />
      <Step id="write" prompt="Write a short article on how Suspense works" />
    </Agent>
  );
}
