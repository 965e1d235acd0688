// Nested — the spec's "Scope" example: a nested <Agent> starts empty. The outer agent can read
// files and nothing else; the inner agent can search and nothing else: it is not offered the
// outer's readFile, and it doesn't see the outer step's conversation either, so its prompt says
// what to search for. Both agents share one model, as in the spec.
//
//   npm run june -- run samples/nested.tsx
import { Agent, Step, Tool } from "june";
import { readFile } from "./files.ts";
import { conversation, lastToolResult, sampleModel, userPrompt } from "./models.ts";
import { searchWeb } from "./web.ts";

export default function Nested() {
  // One model for both agents, as in the spec; offline it plays each step's own conversation.
  const outer = conversation("gpt-5-mini", [
    { toolCalls: [{ toolName: "readFile", input: { path: "repo/package.json" } }] },
    (call) => ({ text: describePackage(lastToolResult(call)) }),
  ]);
  const inner = conversation("gpt-5-mini", [
    { toolCalls: [{ toolName: "search", input: { query: "zod esbuild" } }] },
    (call) => ({ text: `Found: ${titles(lastToolResult(call)).join("; ")}.` }),
  ]);
  const model = sampleModel("gpt-5-mini", (call, index) => (userPrompt(call).startsWith("Read") ? outer : inner)(call, index));
  return (
    <Agent model={model}>
      <Tool name="readFile" value={readFile} />
      <Step id="outer" prompt="Read repo/package.json" />

      <Agent model={model}>
        <Tool name="search" value={searchWeb} />
        <Step id="inner" prompt="Search for what zod and esbuild, the dependencies of the project in repo/, are for" />
      </Agent>
    </Agent>
  );
}

function describePackage(json: string): string {
  const pkg = JSON.parse(json) as { name: string; version: string; dependencies?: object; devDependencies?: object };
  const deps = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})];
  return `repo/package.json is ${pkg.name} ${pkg.version}; it depends on ${deps.join(" and ")}.`;
}

/** The page titles in searchWeb's results. */
function titles(results: string): string[] {
  return results.split("\n---\n").map((page) => page.trim().split("\n")[0]!.replace(/ \(https:.*\)$/, ""));
}
