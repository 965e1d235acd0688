// Opening a connection to one MCP server: start the transport, run the initialize handshake, and
// on any failure close what was opened and reject with an Error that names the server and says
// what failed (the capability layer wraps it as JUNE_CAPABILITY_FAILED).
import { createMCPClient, type MCPClient } from "@ai-sdk/mcp";
import { mcpChildEnv } from "./child-env.ts";
import { describeTarget, type McpTransportSpec } from "./server-config.ts";
import { CLIENT_CAPABILITIES, answerServerRequests, type ServeRequest } from "./server-requests.ts";
import { StdioServerTransport } from "./stdio-transport.ts";

/** The client name June introduces itself with in the initialize handshake. */
const CLIENT_NAME = "june";

/** An open connection; `close` ends it (and, for stdio, waits until the server process is gone). */
export interface McpConnection {
  client: MCPClient;
  close(): Promise<void>;
  /** Why it is no longer usable, once known (a stdio server's process exited: how, and its stderr's tail). */
  failure(): string | undefined;
  /** After a failed request: waits (at most `ms`) for a stdio server's exit to be known, then says why, as failure(). */
  failureAfter(ms: number): Promise<string | undefined>;
}

/**
 * Connects to the server `name` described by `spec`; `signal` aborts a pending connect.
 *
 * @example
 * const { client, close } = await connectMcp("fs", { kind: "stdio", command: "mcp-server-filesystem", args: ["/tmp"], env: {} }, signal);
 */
export async function connectMcp(name: string, spec: McpTransportSpec, signal: AbortSignal, serve?: ServeRequest): Promise<McpConnection> {
  const where = `MCP server ${JSON.stringify(name)} (${describeTarget(spec)})`;
  if (signal.aborted) throw abortedError(where, signal);
  const transport =
    spec.kind === "stdio"
      ? new StdioServerTransport({
          command: spec.command,
          args: spec.args,
          env: mcpChildEnv(process.env, spec.env),
          ...(spec.cwd !== undefined ? { cwd: spec.cwd } : {}),
        })
      : { type: "http" as const, url: spec.url.href, headers: spec.headers };
  const stdio = transport instanceof StdioServerTransport ? transport : undefined;
  let client: MCPClient;
  try {
    client = await createMCPClient({
      transport,
      clientName: CLIENT_NAME,
      initializationOptions: { signal },
      // Roots, sampling and elicitation are answered by `serve` (server-requests.ts).
      ...(serve ? { capabilities: CLIENT_CAPABILITIES } : {}),
      // Transport chatter (a stray log line, a late answer to a timed-out probe) is not a failure;
      // real failures reject the pending request and are reported from there.
      onUncaughtError: () => {},
    });
  } catch (error) {
    // The client closes its transport on failure but may not wait for it; this waits.
    await stdio?.close();
    if (signal.aborted) throw abortedError(where, signal);
    const processFailure = stdio?.describeFailure();
    throw new Error(`${where} failed to connect: ${processFailure ?? describeError(error)}`, { cause: error });
  }
  // Before any request of the server can arrive: the handshake just ended, and its messages come
  // with I/O, after this continuation.
  if (serve) {
    try {
      answerServerRequests(client, serve);
    } catch (error) {
      await client.close().finally(() => stdio?.close());
      throw new Error(`${where}: ${describeError(error)}`, { cause: error });
    }
  }
  return {
    client,
    failure: () => stdio?.describeFailure(),
    failureAfter: async (ms) => {
      await stdio?.exited(ms);
      return stdio?.describeFailure();
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        await stdio?.close();
      }
    },
  };
}

function abortedError(where: string, signal: AbortSignal): Error {
  return new Error(`${where}: connecting was aborted`, { cause: signal.reason });
}

/** An error and its causes in one line ("fetch failed: connect ECONNREFUSED 127.0.0.1:4100"). */
export function describeError(error: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = error, depth = 0; e !== undefined && depth < 5; depth++) {
    const message = e instanceof Error ? e.message : String(e);
    if (message && !parts.some((p) => p.includes(message))) parts.push(message);
    e = e instanceof Error ? e.cause : undefined;
  }
  return parts.join(": ") || "unknown error";
}
