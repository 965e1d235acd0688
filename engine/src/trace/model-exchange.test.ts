// Writing down a model call's raw bodies: JSON text, a string as it is, each cut at the cap, a
// run's within its budget, credentials redacted.
import { describe, expect, it } from "vitest";
import { ExchangeRecorder, redactUrl } from "./model-exchange.ts";

describe("ExchangeRecorder", () => {
  it("keeps a body as its JSON text, a string body as it is", () => {
    const recorded = new ExchangeRecorder().record({ nodeId: "n4", request: { model: "m", input: [1] }, response: "plain text", streamed: true });
    expect(recorded).toEqual({
      nodeId: "n4",
      request: { format: "json", text: '{"model":"m","input":[1]}', length: 25 },
      response: { format: "text", text: "plain text", length: 10 },
      streamed: true,
    });
  });

  it("cuts a body at the cap, saying how long it was", () => {
    const recorded = new ExchangeRecorder({ bodyCap: 10 }).record({ nodeId: "n1", request: { text: "x".repeat(100) } });
    expect(recorded.request).toEqual({ format: "json", text: '{"text":"x', length: 111, truncated: true });
  });

  it("leaves out bodies past the run's budget, without writing them", () => {
    const recorder = new ExchangeRecorder({ bodyCap: 50, runBudget: 60 });
    expect(recorder.record({ nodeId: "n1", request: "a".repeat(50) }).request).toEqual({ format: "text", text: "a".repeat(50), length: 50 });
    expect(recorder.record({ nodeId: "n2", request: "b".repeat(50) }).request).toEqual({ format: "text", text: "b".repeat(10), length: 50, truncated: true });
    let read = false;
    const body = { get prompt() {
      read = true;
      return "c";
    } };
    expect(recorder.record({ nodeId: "n3", request: body }).request).toEqual({ omitted: "budget" });
    expect(read).toBe(false);
  });

  it("redacts credentials wherever they sit, and says when a body is not JSON", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const recorded = new ExchangeRecorder().record({ nodeId: "n1", request: { api_key: "sk-1", nested: { Authorization: "Bearer sk-2", apiKey: "sk-3" } }, response: cyclic });
    expect(recorded.request).toMatchObject({ text: '{"api_key":"[redacted]","nested":{"Authorization":"[redacted]","apiKey":"[redacted]"}}' });
    expect(recorded.response).toEqual({ omitted: "unserializable" });
  });

  it("redacts an endpoint's credentials", () => {
    expect(redactUrl("https://user:pw@example.com/v1/models?key=AIza123&alt=sse")).toBe("https://example.com/v1/models?key=redacted&alt=sse");
    expect(redactUrl("not a url")).toBe("not a url");
  });
});
