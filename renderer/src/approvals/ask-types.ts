// What an MCP server may ask during a tool call, as the contract's PendingApproval carries it
// (`ask`): named here from that one type so the renderer needs no other door into the engine.
import type { PendingApproval } from "../contract/index.ts";

export type ServerAsk = NonNullable<PendingApproval["ask"]>;
export type ElicitationAsk = Extract<ServerAsk, { kind: "elicitation" }>;
export type SamplingAsk = Extract<ServerAsk, { kind: "sampling" }>;
export type ElicitSchema = ElicitationAsk["requestedSchema"];
export type ElicitField = ElicitSchema["properties"][string];
/** A value sent back in an elicitation's content: string, number, boolean or list of strings. */
export type ElicitValue = string | number | boolean | string[];
export type ElicitContent = Record<string, ElicitValue>;
export interface ElicitChoice {
  const: string;
  title: string;
}
