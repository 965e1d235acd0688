// A release workflow you can run offline: the model is `scripted`, a real AI SDK model that plays
// back the responses below, so every tool call, approval and trace is real. Swap in
// `openai("gpt-5-mini")` from "june/sdk/openai" (with OPENAI_API_KEY set) to run it on a live model.
import { tool } from "ai";
import { z } from "zod";
import { Agent, Namespace, RequireApproval, Step, Tool } from "june";
import { scripted } from "june/sdk/scripted";

const changelog = tool({
  description: "Read the changelog",
  inputSchema: z.object({}),
  execute: async () => "## 1.4.0\n- Faster capability resolution\n- New <Catch> element",
});

const deploy = tool({
  description: "Deploy to an environment",
  inputSchema: z.object({ env: z.enum(["staging", "prod"]) }),
  execute: async ({ env }) => `Deployed 1.4.0 to ${env}`,
});

const model = scripted([
  { toolCalls: [{ toolName: "repo_changelog", input: {} }] },
  { text: "1.4.0 adds faster capability resolution and <Catch>." },
  { toolCalls: [{ toolName: "ops_deploy", input: { env: "staging" } }] },
  { text: "Deployed 1.4.0 to staging." },
]);

export default function Release() {
  return (
    <Agent model={model} instructions="You are a careful release engineer.">
      <Namespace name="repo">
        <Tool name="changelog" value={changelog} />
      </Namespace>
      <Namespace name="ops">
        <RequireApproval>
          <Tool name="deploy" value={deploy} />
        </RequireApproval>
      </Namespace>
      <Step id="notes" prompt="Summarize what changed in this release" />
      <Step id="ship" prompt="Deploy the release to staging" />
    </Agent>
  );
}
