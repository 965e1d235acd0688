// One MCP server for the length of a run, surviving the server: a stdio server that dies (a crash,
// `kill -9`) is started again for the next call, with bounded backoff; a streamable HTTP server
// that lost the session (it restarted) gets a fresh one, and the call that was refused for it is
// sent again — refused, it never ran. A call that was in flight when a server died is not sent
// again (it may have done its work): it fails, naming the server and how its process ended, and
// the model sees that. When the server does not come back, each call fails at once with why,
// never hangs; abort reaches every wait. close() ends whatever connection is open.
import { setTimeout as sleep } from "node:timers/promises";
import { MCPClientError, type ListToolsResult } from "@ai-sdk/mcp";
import type { ToolExecutionOptions, ToolSet } from "ai";
import type { CallHost } from "../capabilities/index.ts";
import { connectMcp, describeError, type McpConnection } from "./connect.ts";
import { serverRequests, type ServeRequest } from "./server-requests.ts";
import { describeTarget, type McpTransportSpec } from "./server-config.ts";

/** Waits before each attempt to bring a dead server back: three attempts, then it is given up on until the next call. */
export const RECONNECT_DELAYS_MS = [0, 250, 1_000];

/** How long a failed call waits to learn that its stdio server exited (the usual cause of EPIPE). */
const EXIT_WAIT_MS = 500;

interface Live {
  connection: McpConnection;
  /** The listed tools as this connection's client executes them. */
  tools: ToolSet;
}

export class McpSession {
  readonly #name: string;
  readonly #spec: McpTransportSpec;
  readonly #where: string;
  #listed: ListToolsResult | undefined;
  #live: Live | undefined;
  #connecting: Promise<Live> | undefined;
  #closed = false;
  /** Why the last connection ended, for the next call's error when it cannot come back. */
  #lastFailure: string | undefined;
  /** The run's hosts of the calls in flight, latest last: the server's requests are answered for them. */
  readonly #callers: CallHost[] = [];
  readonly #serve: ServeRequest;

  /** `roots`: the folders the server is told it may work in (server-requests.ts's rootsOf). */
  constructor(name: string, spec: McpTransportSpec, roots: readonly string[]) {
    this.#name = name;
    this.#spec = spec;
    this.#where = `MCP server ${JSON.stringify(name)} (${describeTarget(spec)})`;
    this.#serve = serverRequests(name, roots, () => this.#callers.at(-1));
  }

  /** Opens the first connection; the caller lists tools through it and hands the listing to `adopt`. */
  async open(signal: AbortSignal): Promise<McpConnection> {
    return connectMcp(this.#name, this.#spec, signal, this.#serve);
  }

  /**
   * Takes the first connection and its listing (later connections execute the same tools) and
   * returns the listed tools as the AI SDK made them (their schemas and metadata).
   */
  adopt(connection: McpConnection, listed: ListToolsResult): ToolSet {
    this.#listed = listed;
    const tools = connection.client.toolsFromDefinitions(listed) as ToolSet;
    this.#live = { connection, tools };
    return tools;
  }


  /**
   * Runs the server's tool `tool` with `input` on a live connection, bringing the server back
   * first when it died; throws an Error naming the server when the call fails.
   */
  async call(tool: string, input: unknown, options: ToolExecutionOptions<any>, host?: CallHost): Promise<unknown> {
    if (!host) return this.#call(tool, input, options);
    this.#callers.push(host);
    try {
      return await this.#call(tool, input, options);
    } finally {
      this.#callers.splice(this.#callers.lastIndexOf(host), 1);
    }
  }

  async #call(tool: string, input: unknown, options: ToolExecutionOptions<any>): Promise<unknown> {
    const signal = options.abortSignal ?? new AbortController().signal;
    const live = await this.#ready(signal);
    let result: unknown;
    try {
      result = await this.#execute(live, tool, input, options);
    } catch (error) {
      if (signal.aborted) throw error;
      if (this.#spec.kind === "http" && lostSession(error)) {
        // The server refused the call for its session (it restarted): nothing ran. A new session, once.
        this.#drop(live, `its session was lost (${describeError(error)})`);
        let retried: unknown;
        try {
          retried = await this.#execute(await this.#ready(signal), tool, input, options);
        } catch (again) {
          if (signal.aborted) throw again;
          throw new Error(`${this.#where}: ${tool} failed on a new session (the old one was lost): ${describeError(again)}`, { cause: again });
        }
        return this.#answer(tool, retried);
      }
      // A server that died under the call fails its pipe a moment before its exit is known.
      const died = this.#spec.kind === "stdio" && transportBroke(error) ? await live.connection.failureAfter(EXIT_WAIT_MS) : live.connection.failure();
      if (died) {
        this.#drop(live, died);
        throw new Error(`${this.#where}: ${died}, while ${tool} ran; it is started again for the next call`, { cause: error });
      }
      throw new Error(`${this.#where}: ${tool} failed: ${describeError(error)}`, { cause: error });
    }
    // The server says the call failed (`isError: true`): a failed tool call, whose error the model
    // reads as the server's own words.
    return this.#answer(tool, result);
  }

  #answer(tool: string, result: unknown): unknown {
    if (isErrorResult(result)) throw new McpToolError(this.#name, tool, errorText(result));
    return result;
  }

  /** Ends the open connection (for stdio, once the process has exited); later calls fail. */
  async close(): Promise<void> {
    this.#closed = true;
    const live = this.#live;
    this.#live = undefined;
    await Promise.all([live?.connection.close(), this.#connecting?.then((l) => l.connection.close(), () => {})]);
  }

  async #execute(live: Live, tool: string, input: unknown, options: ToolExecutionOptions<any>): Promise<unknown> {
    const execute = live.tools[tool]?.execute;
    if (!execute) throw new Error(`${this.#where} no longer offers ${tool}`);
    return execute(input as never, options);
  }

  #ready(signal: AbortSignal): Promise<Live> {
    if (this.#closed) return Promise.reject(new Error(`${this.#where} is closed: the run that opened it has ended`));
    const live = this.#live;
    if (live) {
      const died = live.connection.failure();
      if (!died) return Promise.resolve(live);
      this.#drop(live, died);
    }
    this.#connecting ??= this.#reconnect(signal).finally(() => (this.#connecting = undefined));
    return this.#connecting;
  }

  async #reconnect(signal: AbortSignal): Promise<Live> {
    const listed = this.#listed;
    if (!listed) throw new Error(`${this.#where} was never connected`);
    const failures: string[] = [];
    for (const delay of RECONNECT_DELAYS_MS) {
      if (delay > 0) await sleep(delay, undefined, { signal });
      signal.throwIfAborted();
      try {
        const connection = await connectMcp(this.#name, this.#spec, signal, this.#serve);
        if (this.#closed) {
          await connection.close();
          throw new Error(`${this.#where} is closed: the run that opened it has ended`);
        }
        const live = { connection, tools: connection.client.toolsFromDefinitions(listed) as ToolSet };
        this.#live = live;
        return live;
      } catch (error) {
        if (signal.aborted || this.#closed) throw error;
        failures.push(describeError(error));
      }
    }
    const before = this.#lastFailure ? `${this.#lastFailure}, and ` : "";
    throw new Error(`${this.#where}: ${before}starting it again failed ${failures.length} times (last: ${failures.at(-1)})`);
  }

  #drop(live: Live, why: string): void {
    if (this.#live === live) this.#live = undefined;
    this.#lastFailure = why;
    void live.connection.close().catch(() => {});
  }
}

/** A call the server answered with `isError: true`; its message is the server's text. */
export class McpToolError extends Error {
  override name = "McpToolError";
  readonly server: string;
  readonly tool: string;
  constructor(server: string, tool: string, text: string) {
    super(text || `MCP server ${JSON.stringify(server)} said ${tool} failed, with no text`);
    this.server = server;
    this.tool = tool;
  }
}

function isErrorResult(result: unknown): result is { isError: true; content?: unknown } {
  return typeof result === "object" && result !== null && (result as { isError?: unknown }).isError === true;
}

/** The text parts of an error result's content, joined (what the server wants the reader to see). */
function errorText(result: { content?: unknown }): string {
  const parts = Array.isArray(result.content) ? result.content : [];
  return parts
    .map((part: { type?: unknown; text?: unknown }) => (part?.type === "text" && typeof part.text === "string" ? part.text : ""))
    .filter(Boolean)
    .join("\n");
}

/** The request never got an answer because the pipe or the connection went (not a tool's own error). */
function transportBroke(error: unknown): boolean {
  return /EPIPE|ECONNRESET|closed|not running/i.test(describeError(error));
}

/** The streamable HTTP server no longer knows the session (it restarted, or expired it). */
/**
 * The server no longer knows the session: MCP's streamable HTTP answers 404 for a session it
 * doesn't have, and the TypeScript SDK's servers, once restarted, a JSON-RPC error -32000 ("Bad
 * Request: No valid session ID provided") or -32001 ("Session not found"), which @ai-sdk/mcp
 * passes on as the client error's `code` without the HTTP status. Told on the error or a cause.
 */
function lostSession(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e !== undefined && depth < 5; depth++) {
    if (MCPClientError.isInstance(e) && (e.statusCode === 404 || ((e.code === -32000 || e.code === -32001) && /session/i.test(e.message)))) return true;
    e = e instanceof Error ? e.cause : undefined;
  }
  return false;
}

