// Workflow files that attack the host the way a buggy project can: each is a complete workflow
// file (it imports June and default-exports a component) that ends, stalls or throws at the
// moment its name says. Tests write them into temp folders next to a good one.

export const GOOD = `import { Agent, Step } from "june";
import { scripted } from "june/sdk/scripted";
export default function Good() {
  return (
    <Agent model={scripted([{ text: "fine" }])}>
      <Step id="s" prompt="hi" />
    </Agent>
  );
}
`;

const workflow = (top: string, render = "") => `import { Agent, Step } from "june";
import { scripted } from "june/sdk/scripted";
${top}
export default function Hostile() {
  ${render}
  return (
    <Agent model={scripted([{ text: "never" }])}>
      <Step id="s" prompt="hi" />
    </Agent>
  );
}
`;

export const EXIT_AT_IMPORT = workflow("process.exit(7);");
export const LOOP_AT_IMPORT = workflow("while (true) {}");
export const LOOP_IN_RENDER = workflow("", "while (true) {}");
export const THROW_IN_TIMER = workflow(`setTimeout(() => { throw new Error("late"); });`);
export const LATE_REJECTION = workflow(`setTimeout(() => { Promise.reject(new Error("late rejection")); });`);
export const AWAIT_FOREVER = workflow("await new Promise(() => {});");

/** A workflow whose one tool does `body` when the model calls it. */
export const toolThat = (body: string, options: { needsApproval?: boolean } = {}) => `import { tool } from "ai";
import { z } from "zod";
import { Agent, Step, Tool } from "june";
import { scripted } from "june/sdk/scripted";
const act = tool({
  description: "act",
  inputSchema: z.object({}),
  ${options.needsApproval ? "needsApproval: true," : ""}
  execute: async () => { ${body} return "acted"; },
});
export default function Acting() {
  return (
    <Agent model={scripted([{ toolCalls: [{ toolName: "act", input: {} }] }, { text: "done" }])}>
      <Tool name="act" value={act} />
      <Step id="s" prompt="act" />
    </Agent>
  );
}
`;
