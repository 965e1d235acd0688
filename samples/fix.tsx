// Fix — the spec's "Bundles" example: <Files writable /> is a bundle made with
// defineCapabilities; it adds readFile and writeFile as if they were written in place, and the
// trace records each as coming "in <Files>". deploy keeps its own needsApproval and asks you.
// The agent reads the failing test in repo/test/, fixes repo/src/slugify.ts (the write lands in
// samples/.june/sandbox/, so your checkout is untouched), then deploys to staging.
//
//   npm run june -- run samples/fix.tsx
import { tool } from "ai";
import { Agent, Step, Tool, defineCapabilities } from "june";
import { z } from "zod";
import { readFile, writeFile } from "./files.ts";
import { lastToolResult, sampleModel } from "./models.ts";

const deploy = tool({
  description: "Deploy to an environment",
  inputSchema: z.object({ env: z.enum(["staging", "prod"]) }),
  needsApproval: true,
  execute: async ({ env }) => `Deployed to ${env}`,
});

export const Files = defineCapabilities(
  ({ writable = false }: { writable?: boolean }) => (
    <>
      <Tool name="readFile" value={readFile} />
      {writable && <Tool name="writeFile" value={writeFile} />}
    </>
  ),
  { name: "Files" },
);

const FIXED = `// Turns a title into a URL slug: "Hello, World!" → "hello-world".
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
`;

export default function Fix() {
  const model = sampleModel("gpt-5-mini", [
    { toolCalls: [{ toolName: "readFile", input: { path: "repo/test/slugify.test.ts" } }] },
    { toolCalls: [{ toolName: "readFile", input: { path: "repo/src/slugify.ts" } }] },
    (call) => ({
      text: lastToolResult(call).includes("^-+|-+$")
        ? "slugify already trims dashes; writing it back unchanged."
        : 'slugify turns the trailing "!" into a dash; trimming dashes at both ends fixes the test.',
      toolCalls: [{ toolName: "writeFile", input: { path: "repo/src/slugify.ts", text: FIXED } }],
    }),
    { text: "The failing test is fixed; deploying to staging to check it there.", toolCalls: [{ toolName: "deploy", input: { env: "staging" } }] },
    (call) => ({ text: `Fixed slugify so "Hello, World!" becomes hello-world. ${lastToolResult(call)}.` }),
  ]);
  return (
    <Agent model={model}>
      <Files writable />
      <Tool name="deploy" value={deploy} />
      <Step id="fix" prompt="Fix the failing test in repo/test/slugify.test.ts" />
    </Agent>
  );
}
