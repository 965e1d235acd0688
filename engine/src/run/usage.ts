// Usage as June records it: the AI SDK's nested model usage flattened to numbers that add up.
import type { Usage } from "../trace/index.ts";

interface ModelUsage {
  inputTokens?: { total?: number | undefined; cacheRead?: number | undefined } | undefined;
  outputTokens?: { total?: number | undefined; reasoning?: number | undefined } | undefined;
}

export function fromModelUsage(usage: ModelUsage | undefined): Usage {
  const input = usage?.inputTokens?.total ?? 0;
  const output = usage?.outputTokens?.total ?? 0;
  return {
    inputTokens: input,
    outputTokens: output,
    reasoningTokens: usage?.outputTokens?.reasoning ?? 0,
    cachedInputTokens: usage?.inputTokens?.cacheRead ?? 0,
    totalTokens: input + output,
  };
}
