// Test data: the elicitation form of @modelcontextprotocol/server-everything's
// `trigger-elicitation-request` tool (every kind of field MCP allows), and a sampling request.
import type { PendingApproval } from "../contract/index.ts";
import type { ElicitSchema, ElicitationAsk, SamplingAsk } from "./ask-types.ts";

export const everythingSchema: ElicitSchema = {
  type: "object",
  properties: {
    name: { title: "String", type: "string", description: "Your full, legal name" },
    check: { title: "Boolean", type: "boolean", description: "Agree to the terms and conditions" },
    email: { title: "String with email format", type: "string", format: "email", description: "Your email address" },
    homepage: { type: "string", format: "uri", title: "String with uri format", description: "Portfolio / personal website" },
    birthdate: { title: "String with date format", type: "string", format: "date", description: "Your date of birth" },
    integer: { title: "Integer", type: "integer", description: "Your favorite integer", minimum: 1, maximum: 100, default: 42 },
    number: { title: "Number in range 1-1000", type: "number", description: "Favorite number", minimum: 0, maximum: 1000, default: 3.14 },
    untitledSingleSelectEnum: {
      type: "string",
      title: "Untitled Single Select Enum",
      description: "Choose your favorite friend",
      enum: ["Monica", "Rachel", "Joey", "Chandler", "Ross", "Phoebe"],
      default: "Monica",
    },
    untitledMultipleSelectEnum: {
      type: "array",
      title: "Untitled Multiple Select Enum",
      description: "Choose your favorite instruments",
      minItems: 1,
      maxItems: 3,
      items: { type: "string", enum: ["Guitar", "Piano", "Violin", "Drums", "Bass"] },
      default: ["Guitar"],
    },
    titledSingleSelectEnum: {
      type: "string",
      title: "Titled Single Select Enum",
      description: "Choose your favorite hero",
      oneOf: [
        { const: "hero-1", title: "Superman" },
        { const: "hero-2", title: "Green Lantern" },
        { const: "hero-3", title: "Wonder Woman" },
      ],
      default: "hero-1",
    },
    titledMultipleSelectEnum: {
      type: "array",
      title: "Titled Multiple Select Enum",
      description: "Choose your favorite types of fish",
      minItems: 1,
      maxItems: 3,
      items: {
        anyOf: [
          { const: "fish-1", title: "Tuna" },
          { const: "fish-2", title: "Salmon" },
          { const: "fish-3", title: "Trout" },
        ],
      },
      default: ["fish-1"],
    },
    legacyTitledEnum: {
      type: "string",
      title: "Legacy Titled Single Select Enum",
      description: "Choose your favorite type of pet",
      enum: ["pet-1", "pet-2", "pet-3", "pet-4", "pet-5"],
      enumNames: ["Cats", "Dogs", "Birds", "Fish", "Reptiles"],
      default: "pet-1",
    },
  },
  required: ["name"],
};

export const everythingElicitation: ElicitationAsk = {
  kind: "elicitation",
  server: "everything",
  message: "Please provide inputs for the following fields:",
  requestedSchema: everythingSchema,
};

export const everythingSampling: SamplingAsk = {
  kind: "sampling",
  server: "everything",
  model: "anthropic:claude-sonnet-4-5",
  systemPrompt: "You are a helpful test server.",
  messages: [
    { role: "user", text: "Resource sampling-llm context: What is 2+2?" },
    { role: "assistant", text: "Let me think." },
  ],
  maxTokens: 100,
  temperature: 0.7,
};

/** The fields of a pending approval an MCP server's ask rides on (the tool call that triggered it). */
export const askPatch = (ask: ElicitationAsk | SamplingAsk): Partial<PendingApproval> => ({
  toolName: ask.kind === "elicitation" ? "trigger-elicitation-request" : "trigger-sampling-request",
  input: {},
  ask,
});
