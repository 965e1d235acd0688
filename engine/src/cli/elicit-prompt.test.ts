// Spec: an elicitation filled in at the terminal — one line per field, Enter keeps the default or
// leaves an optional field out, a value that doesn't fit is asked again with why, stdin ending
// cancels.
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import type { ApprovalRequest, ElicitSchema } from "../trace/index.ts";
import { fillForm } from "./elicit-prompt.ts";
import { createStyle } from "./style.ts";

const schema: ElicitSchema = {
  type: "object",
  properties: {
    name: { type: "string", title: "Name" },
    age: { type: "integer", title: "Age", minimum: 0, maximum: 150 },
    agree: { type: "boolean", title: "Agree" },
    pet: { type: "string", title: "Pet", enum: ["cat", "dog"], default: "cat" },
    tags: { type: "array", title: "Tags", items: { enum: ["a", "b", "c"] } },
  },
  required: ["name", "age"],
};
const request = { approvalId: "x", nodeId: "n", toolName: "t", toolCallId: "c", input: {}, agentPath: [], step: "s", ask: { kind: "elicitation", server: "ev", message: "Tell me", requestedSchema: schema } } as ApprovalRequest;

function io(lines: string[]) {
  const out = new PassThrough();
  let text = "";
  out.on("data", (chunk) => (text += chunk));
  return { io: { out, style: createStyle(false), line: async () => lines.shift() }, written: () => text };
}

describe("filling in a form at the terminal", () => {
  it("types each answer as its field, keeps defaults on Enter and leaves optional fields out", async () => {
    const { io: terminal } = io(["Ada", "36", "y", "", ""]);
    expect(await fillForm(request, terminal)).toEqual({ name: "Ada", age: 36, agree: true, pet: "cat" });
  });

  it("asks again, saying why, when an answer doesn't fit or a required one is missing", async () => {
    const { io: terminal, written } = io(["", "Ada", "200", "30", "n", "dog", "a, c"]);
    expect(await fillForm(request, terminal)).toEqual({ name: "Ada", age: 30, agree: false, pet: "dog", tags: ["a", "c"] });
    expect(written()).toContain("! Name is required");
    expect(written()).toContain("! Age must be at most 150");
  });

  it("is cancelled when stdin ends", async () => {
    const { io: terminal } = io(["Ada"]);
    expect(await fillForm(request, terminal)).toBeUndefined();
  });
});
