// Release — the spec's "Capabilities" example: an agent's capabilities are its own children.
// The agent reads CHANGELOG.md with readFile, then calls deploy, whose own needsApproval stops the
// run until you approve it. Nothing else is offered: writeFile sits right beside readFile in
// files.ts, but it is not a child of this <Agent>, so the model never sees it.
//
//   npm run june -- run samples/release.tsx        (offline: the scripted model below)
//   OPENAI_API_KEY=… npm run june -- run samples/release.tsx        (gpt-5-mini)
import { tool } from "ai";
import { Agent, Step, Tool } from "june";
import { z } from "zod";
import { readFile } from "./files.ts";
import { lastToolResult, sampleModel } from "./models.ts";

const deploy = tool({
  description: "Deploy to an environment",
  inputSchema: z.object({ env: z.enum(["staging", "prod"]) }),
  needsApproval: true,
  execute: async ({ env }) => `Deployed to ${env}`,
});

export default function Release() {
  const model = sampleModel("gpt-5-mini", [
    { toolCalls: [{ toolName: "readFile", input: { path: "CHANGELOG.md" } }] },
    (call) => ({
      text: `${latestRelease(lastToolResult(call))} The changelog is ready, so I will deploy to staging.`,
      toolCalls: [{ toolName: "deploy", input: { env: "staging" } }],
    }),
    (call) => {
      const outcome = lastToolResult(call);
      return { text: outcome.startsWith("Deployed") ? `${outcome}: the release is live there for checking.` : `Nothing was deployed (${outcome}).` };
    },
  ]);
  return (
    <Agent model={model}>
      <Tool name="readFile" value={readFile} />
      <Tool name="deploy" value={deploy} />
      <Step id="release" prompt="Check the changelog, then deploy to staging" />
    </Agent>
  );
}

/** "1.4.0 (ready for staging) has 3 changes." from the changelog's first release heading. */
function latestRelease(changelog: string): string {
  const [, first = ""] = changelog.split(/^## /m);
  const [heading = "", ...body] = first.split("\n");
  const changes = body.filter((line) => line.startsWith("- ")).length;
  return heading ? `${heading} has ${changes} change${changes === 1 ? "" : "s"}.` : "The changelog lists no release.";
}
