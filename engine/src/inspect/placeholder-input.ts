// A stand-in input for drawing a composite tool's workflow before any call: every field reads
// as `{field}`, so `Research: ${question}` shows as `Research: {question}`.
export function placeholderInput(): unknown {
  return new Proxy(
    {},
    {
      get: (_target, key) => (typeof key === "string" ? `{${key}}` : undefined),
      has: () => true,
    },
  );
}
