// `anthropic(...)`: created offline, and the API key checked (and sent) when it is called.
import { generateText } from "ai";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startOpenAIServer } from "../../test/fixtures/openai-server.ts";
import type { OpenAIServer } from "../../test/fixtures/openai-server.ts";
import { isJuneError } from "../errors/index.ts";
import { anthropic } from "./anthropic.ts";

let server: OpenAIServer | undefined;

beforeEach(() => {
  vi.stubEnv("ANTHROPIC_API_KEY", undefined);
  vi.stubEnv("ANTHROPIC_BASE_URL", undefined);
});

afterEach(async () => {
  vi.unstubAllEnvs();
  await server?.close();
  server = undefined;
});

describe("anthropic: API key", () => {
  it("creates the model without a key, keeping the provider's name and model id", () => {
    const model = anthropic("claude-sonnet-4-5");
    expect(model.provider).toBe("anthropic.messages");
    expect(model.modelId).toBe("claude-sonnet-4-5");
  });

  it("fails the first call with JUNE_MISSING_API_KEY naming ANTHROPIC_API_KEY, before any request", async () => {
    // Any HTTP server will do: the call must not reach it.
    server = await startOpenAIServer([]);

    const failure = await generateText({
      model: anthropic("claude-sonnet-4-5", { baseURL: server.url }),
      prompt: "Hi",
    }).catch((error: unknown) => error);

    expect(isJuneError(failure)).toBe(true);
    expect(failure).toMatchObject({ code: "JUNE_MISSING_API_KEY" });
    expect((failure as Error).message).toContain('anthropic("claude-sonnet-4-5")');
    expect((failure as Error).message).toContain("ANTHROPIC_API_KEY is not set");
    expect((failure as Error).message).toContain("export ANTHROPIC_API_KEY=");
    expect(server.requests).toHaveLength(0);
  });

  it("counts a blank ANTHROPIC_API_KEY as missing", async () => {
    vi.stubEnv("ANTHROPIC_API_KEY", "  ");
    server = await startOpenAIServer([]);

    await expect(
      generateText({ model: anthropic("claude-sonnet-4-5", { baseURL: server.url }), prompt: "Hi" }),
    ).rejects.toMatchObject({ code: "JUNE_MISSING_API_KEY" });
    expect(server.requests).toHaveLength(0);
  });

  it("reads ANTHROPIC_API_KEY when called and sends it to the Messages API", async () => {
    // The server is not Anthropic; its error reply is enough to see the request that was sent.
    server = await startOpenAIServer([{ status: 400, message: "not an Anthropic server" }]);
    const model = anthropic("claude-sonnet-4-5", { baseURL: server.url });
    vi.stubEnv("ANTHROPIC_API_KEY", "sk-ant-from-env");

    await expect(generateText({ model, prompt: "Hi" })).rejects.toThrow();

    expect(server.requests[0]?.path).toBe("/v1/messages");
    expect(server.requests[0]?.headers["x-api-key"]).toBe("sk-ant-from-env");
  });
});
