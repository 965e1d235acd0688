// Run by load-workflow.test.ts under plain Node, outside vitest's module runner: loads one workflow
// the way the CLI and the studio do (a native `import()` of the bundle) and prints, as one JSON
// line, what the test asserts on. Usage: node native-load.test-support.ts <workflow file>
import { Agent, inspect, isJuneError } from "../index.ts";
import { jsx } from "../jsx/jsx-runtime.ts";
import { loadWorkflow } from "./index.ts";

const file = process.argv[2];
if (!file) throw new Error("usage: node native-load.test-support.ts <workflow file>");

try {
  const workflow = await loadWorkflow(file);
  const component = workflow.default;
  const tree = typeof component === "function" ? await inspect(jsx(component as () => never, {})) : undefined;
  const agent = tree?.children[0];
  print({
    ok: true,
    sameAgent: workflow.exports.Agent === Agent,
    agent: agent && { name: agent.name, tools: (agent.tools ?? []).map((t) => t.name), source: agent.source },
  });
} catch (error) {
  print({
    ok: false,
    code: isJuneError(error) ? error.code : undefined,
    message: error instanceof Error ? error.message : String(error),
    source: isJuneError(error) ? error.source : undefined,
  });
}

function print(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value)}\n`);
}
