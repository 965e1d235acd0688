// Sizes of raw bodies as the Raw section says them: characters of their text (about its bytes,
// for the mostly ASCII JSON a provider sends), in KiB or MiB.

/** `length` characters as "812 chars", "12.5 KiB", "1.2 MiB". */
export function formatBytes(length: number): string {
  if (length < 1024) return `${length} chars`;
  if (length < 1024 * 1024) return `${(length / 1024).toFixed(1)} KiB`;
  return `${(length / (1024 * 1024)).toFixed(1)} MiB`;
}
