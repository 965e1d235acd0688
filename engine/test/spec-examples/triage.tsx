import { openai } from "june/sdk/openai";
import { tool } from "ai";
import { Agent, Namespace, RequireApproval, Step, Tool } from "june";
import { z } from "zod";

const searchIssues = tool({
  description: "Search GitHub issues",
  inputSchema: z.object({ query: z.string() }),
  execute: async ({ query }) => `issues for ${query}`,
});
const searchDocs = tool({
  description: "Search the docs",
  inputSchema: z.object({ query: z.string() }),
  execute: async ({ query }) => `docs for ${query}`,
});
const closeIssue = tool({
  description: "Close a GitHub issue",
  inputSchema: z.object({ number: z.number() }),
  execute: async ({ number }) => `closed #${number}`,
});

export default function Triage() {
  return (
    <Agent model={openai("gpt-5-mini")}>
      <Namespace name="github">
        <Tool name="search" value={searchIssues} />
        <RequireApproval>
          <Tool name="close" value={closeIssue} />
        </RequireApproval>
      </Namespace>
      <Namespace name="docs">
        <Tool name="search" value={searchDocs} />
      </Namespace>
      <Step id="triage" prompt="Close the issues the docs already answer" />
    </Agent>
  );
}
