// What a trace node and a run result say for anything thrown: provider answers keep their code
// and status through the SDK's retries; an abort stays an abort.
import { APICallError, RetryError } from "ai";
import { describe, expect, it } from "vitest";
import { inContext, toNodeError } from "./node-errors.ts";

const apiError = (statusCode: number, message: string) =>
  new APICallError({ message, url: "http://127.0.0.1/v1/responses", requestBodyValues: {}, statusCode, isRetryable: statusCode >= 500 });

describe("toNodeError", () => {
  it("unwraps a RetryError to the provider's last answer, saying how many attempts were made", () => {
    const error = new RetryError({ message: "Failed after 3 attempts. Last error: Bad gateway", reason: "maxRetriesExceeded", errors: [apiError(502, "a"), apiError(502, "b"), apiError(502, "Bad gateway")] });
    expect(toNodeError(error)).toEqual({ code: "JUNE_MODEL_FAILED", message: "june: the model call failed (HTTP 502) after 3 attempts: Bad gateway" });
  });

  it("keeps the code of a non-provider last error, and says the attempts after its message", () => {
    const error = new RetryError({ message: "Failed after 2 attempts.", reason: "maxRetriesExceeded", errors: [new Error("x"), new Error("socket hang up")] });
    expect(toNodeError(error)).toEqual({ code: "JUNE_INTERNAL", message: "socket hang up (after 2 attempts)" });
    expect(inContext(error, '<Step id="s">').code).toBe("JUNE_STEP_FAILED");
  });

  it("leaves a single attempt's message as the provider said it", () => {
    const error = new RetryError({ message: "Not retryable", reason: "errorNotRetryable", errors: [apiError(401, "Incorrect API key")] });
    expect(toNodeError(error)).toEqual({ code: "JUNE_MODEL_FAILED", message: "june: the model call failed (HTTP 401): Incorrect API key" });
  });

  it("an abort during the retries is an abort", () => {
    const abort = Object.assign(new Error("The operation was aborted"), { name: "AbortError" });
    const error = new RetryError({ message: "aborted", reason: "abort", errors: [apiError(500, "a"), abort] });
    expect(toNodeError(error).code).toBe("JUNE_ABORTED");
  });
});
