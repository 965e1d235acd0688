// The requests an MCP server sends its client: the roots it may work in (the project folder), a
// person's input (elicitation, form mode), and the agent's model answering a prompt (sampling).
// The AI SDK's client answers only `ping` and, through a hook, elicitation; June answers all
// three itself, for every transport, by taking the client's dispatch of server requests. The
// capabilities are declared in the handshake (connect.ts), so servers offer the tools that need
// them (server-everything's trigger-elicitation-request, trigger-sampling-request, get-roots-list).
//
// A request is answered in the name of the tool call of that server in flight (the latest to
// start, when several are: stdio carries no link from a server's request to the call it serves):
// an elicitation waits in the approvals inbox as a form; a sampling waits there for approval and
// then goes to the calling agent's model. With no call in flight there is nobody to ask: refused.
import { statSync } from "node:fs";
import { basename, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { MCPClient } from "@ai-sdk/mcp";
import type { ModelMessage } from "ai";
import type { CallHost } from "../capabilities/index.ts";
import type { ElicitSchema, SamplingMessage } from "../trace/index.ts";
import type { McpTransportSpec } from "./server-config.ts";

/** What June declares it can answer. */
export const CLIENT_CAPABILITIES = { roots: { listChanged: false }, sampling: {}, elicitation: {} };

/** A JSON-RPC error the server gets back. */
export class RequestRefused extends Error {
  readonly code: number;
  constructor(code: number, message: string) {
    super(message);
    this.code = code;
  }
}

/** Answers one server request: its result, or a RequestRefused (undefined: not ours, the client's own). */
export type ServeRequest = (method: string, params: unknown) => Promise<unknown> | undefined;

interface JsonRpcRequest {
  jsonrpc: "2.0";
  id: string | number;
  method: string;
  params?: unknown;
}

interface ClientInternals {
  onRequestMessage(request: JsonRpcRequest): Promise<void>;
  transport: { send(message: unknown): Promise<void> };
}

/**
 * Puts `serve` in front of the client's own dispatch of requests from the server. Relies on the
 * AI SDK client's `onRequestMessage` and `transport` (not in its types; checked here, and by the
 * tests against the real server-everything, so an upgrade that moves them fails loudly).
 */
export function answerServerRequests(client: MCPClient, serve: ServeRequest): void {
  const internals = client as unknown as Partial<ClientInternals>;
  const own = internals.onRequestMessage;
  const transport = internals.transport;
  if (typeof own !== "function" || typeof transport?.send !== "function") {
    throw new Error("june: @ai-sdk/mcp's client no longer dispatches server requests as June expects (onRequestMessage, transport); roots, elicitation and sampling can't be answered");
  }
  internals.onRequestMessage = async (request: JsonRpcRequest) => {
    const answering = serve(request.method, request.params);
    if (answering === undefined) return own.call(client, request);
    try {
      const result = await answering;
      await transport.send({ jsonrpc: "2.0", id: request.id, result });
    } catch (error) {
      const code = error instanceof RequestRefused ? error.code : -32603;
      await transport.send({ jsonrpc: "2.0", id: request.id, error: { code, message: error instanceof Error ? error.message : String(error) } }).catch(() => {});
    }
  };
}

/**
 * The roots a server is told: the folders its arguments name (a filesystem server given `./docs`
 * stays scoped to it: such servers replace their allowed folders with the roots), or else the
 * folder it runs in (the project's).
 */
export function rootsOf(spec: McpTransportSpec, cwd: string): string[] {
  if (spec.kind !== "stdio") return [cwd];
  const named = spec.args.filter((arg) => !arg.startsWith("-")).map((arg) => resolve(spec.cwd ?? cwd, arg)).filter(isFolder);
  return named.length > 0 ? [...new Set(named)] : [spec.cwd ?? cwd];
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * How a session answers its server: `roots` are the folders it is told, `caller()` the host of its
 * tool call in flight (undefined when none runs).
 */
export function serverRequests(server: string, roots: readonly string[], caller: () => CallHost | undefined): ServeRequest {
  return (method, params) => {
    switch (method) {
      case "roots/list": {
        const answer = { roots: roots.map((root) => ({ uri: pathToFileURL(root).href, name: basename(root) || root })) };
        // During a call it is part of that call's story; at the handshake there is no call to put it under.
        caller()?.noteRequest({ server, method, answer });
        return Promise.resolve(answer);
      }
      case "elicitation/create":
        return elicit(server, params, caller());
      case "sampling/createMessage":
        return sample(server, params, caller());
      default:
        return undefined;
    }
  };
}

async function elicit(server: string, params: unknown, host: CallHost | undefined): Promise<unknown> {
  const p = (params ?? {}) as { mode?: string; message?: unknown; requestedSchema?: unknown };
  if (p.mode !== undefined && p.mode !== "form") throw new RequestRefused(-32602, `june answers form elicitation only; MCP server ${JSON.stringify(server)} asked for mode ${JSON.stringify(p.mode)}`);
  const schema = p.requestedSchema as ElicitSchema | undefined;
  if (typeof p.message !== "string" || schema?.type !== "object" || typeof schema.properties !== "object" || schema.properties === null) {
    throw new RequestRefused(-32602, `an elicitation needs a message and a requestedSchema of type "object" with properties (MCP server ${JSON.stringify(server)})`);
  }
  if (!host) throw noCall(server, "an elicitation");
  const answer = await host.askPerson({ kind: "elicitation", server, message: p.message, requestedSchema: schema });
  if (answer.approved) return { action: "accept", content: answer.content ?? {} };
  return { action: answer.cancelled ? "cancel" : "decline" };
}

async function sample(server: string, params: unknown, host: CallHost | undefined): Promise<unknown> {
  const p = (params ?? {}) as { messages?: unknown; systemPrompt?: unknown; maxTokens?: unknown; temperature?: unknown };
  if (!Array.isArray(p.messages) || typeof p.maxTokens !== "number") throw new RequestRefused(-32602, `a sampling request needs messages and maxTokens (MCP server ${JSON.stringify(server)})`);
  if (!host) throw noCall(server, "a sampling request");
  const messages = p.messages.map(samplingMessage);
  const systemPrompt = typeof p.systemPrompt === "string" ? p.systemPrompt : undefined;
  const temperature = typeof p.temperature === "number" ? p.temperature : undefined;
  const answer = await host.askPerson({
    kind: "sampling",
    server,
    messages,
    ...(systemPrompt !== undefined ? { systemPrompt } : {}),
    maxTokens: p.maxTokens,
    ...(temperature !== undefined ? { temperature } : {}),
    model: host.modelName(),
  });
  if (!answer.approved) throw new RequestRefused(-1, `the person running the agent declined the sampling request${answer.reason ? `: ${answer.reason}` : ""}`);
  const sampled = await host.sample({
    ...(systemPrompt !== undefined ? { system: systemPrompt } : {}),
    messages: messages.map((m): ModelMessage => ({ role: m.role, content: m.text })),
    maxOutputTokens: p.maxTokens,
    ...(temperature !== undefined ? { temperature } : {}),
  });
  return { role: "assistant", content: { type: "text", text: sampled.text }, model: sampled.model, stopReason: stopReason(sampled.finishReason) };
}

/** A sampling message as text: text content as is, anything else named by its type. */
function samplingMessage(message: unknown): SamplingMessage {
  const m = (message ?? {}) as { role?: unknown; content?: unknown };
  const role = m.role === "assistant" ? "assistant" : "user";
  const parts = Array.isArray(m.content) ? m.content : [m.content];
  const text = parts
    .map((part) => {
      const c = (part ?? {}) as { type?: unknown; text?: unknown; mimeType?: unknown };
      return c.type === "text" && typeof c.text === "string" ? c.text : `[${typeof c.mimeType === "string" ? c.mimeType : String(c.type ?? "content")}]`;
    })
    .join("\n");
  return { role, text };
}

function stopReason(finishReason: string): string {
  return finishReason === "length" ? "maxTokens" : finishReason === "stop" ? "endTurn" : finishReason;
}

function noCall(server: string, what: string): RequestRefused {
  return new RequestRefused(-32603, `MCP server ${JSON.stringify(server)} sent ${what} while none of its tool calls ran; June asks a person only on behalf of a call`);
}
