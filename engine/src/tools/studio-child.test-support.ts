// Run by bash-sandbox.test.ts under plain Node as a stand-in for the studio: a process started with
// secrets in its environment (its /proc/<pid>/environ holds them, whatever process.env says later)
// that runs one command through bashTool and prints the result as one JSON line.
// Usage: node studio-child.test-support.ts <cwd> <command>
import { bashTool } from "./index.ts";

const [cwd, command] = process.argv.slice(2);
if (cwd === undefined || command === undefined) throw new Error("usage: node studio-child.test-support.ts <cwd> <command>");

const result = await bashTool({ cwd, needsApproval: false, timeout: 10_000 }).execute({ command }, { toolCallId: "call-1", messages: [], context: {} });
process.stdout.write(`${JSON.stringify(result)}\n`);
