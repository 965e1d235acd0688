// What an MCP server may ask for while one of its tools runs, as the person deciding sees it: a
// form to fill in (elicitation) or leave to the agent's model to answer a prompt (sampling). Both
// wait in the approvals inbox like a tool call; the answer goes back to the server. Plain JSON,
// browser-safe (the studio's inbox draws them).

/** A value a person gives in an elicitation form (MCP: string, number, boolean, or a list of strings). */
export type ElicitValue = string | number | boolean | string[];

/** One choice of an enum field: the value sent and the words shown. */
export interface ElicitChoice {
  const: string;
  title: string;
}

interface FieldBase {
  title?: string;
  description?: string;
}

/** A form field, in MCP's restricted JSON Schema (flat: no nested objects). */
export type ElicitField =
  | (FieldBase & {
      type: "string";
      minLength?: number;
      maxLength?: number;
      format?: "email" | "uri" | "date" | "date-time";
      default?: string;
      /** A single choice: the values (and, legacy, `enumNames` to show), or `oneOf` titled values. */
      enum?: string[];
      enumNames?: string[];
      oneOf?: ElicitChoice[];
    })
  | (FieldBase & { type: "number" | "integer"; minimum?: number; maximum?: number; default?: number })
  | (FieldBase & { type: "boolean"; default?: boolean })
  | (FieldBase & {
      type: "array";
      minItems?: number;
      maxItems?: number;
      /** Several choices: plain values, or `anyOf` titled values. */
      items: { type?: "string"; enum?: string[]; anyOf?: ElicitChoice[] };
      default?: string[];
    });

/** The form an elicitation asks for. */
export interface ElicitSchema {
  type: "object";
  properties: Record<string, ElicitField>;
  required?: string[];
}

/** A server's request for input from the person running the agent (MCP `elicitation/create`, form mode). */
export interface ElicitationAsk {
  kind: "elicitation";
  /** The MCP server that asks. */
  server: string;
  /** What the server says it wants (shown above the form). */
  message: string;
  requestedSchema: ElicitSchema;
}

/** One message of a sampling request, as text (other content is named, e.g. "[image/png]"). */
export interface SamplingMessage {
  role: "user" | "assistant";
  text: string;
}

/** A server's request that the agent's model answer a prompt (MCP `sampling/createMessage`). */
export interface SamplingAsk {
  kind: "sampling";
  server: string;
  messages: SamplingMessage[];
  systemPrompt?: string;
  maxTokens: number;
  temperature?: number;
  /** The model that answers once approved: the asking agent's (provider and model id). */
  model: string;
}

export type ServerAsk = ElicitationAsk | SamplingAsk;
