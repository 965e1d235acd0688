// How one part of a resource read is shown: JSON pretty-printed, text as it is, an image drawn
// from its base64, or, for anything else binary, its size. A pure choice, so the rules are
// tested without a DOM.
import type { McpResourceContent } from "../contract/june-types.ts";

export type ResourceView =
  | { kind: "json"; text: string }
  | { kind: "text"; text: string }
  | { kind: "image"; src: string; mimeType: string }
  | { kind: "binary"; bytes: number };

/** application/json and the structured-syntax suffix (application/ld+json, …), parameters aside. */
export function isJsonMime(mimeType: string | undefined): boolean {
  const type = mimeType?.split(";")[0]?.trim().toLowerCase() ?? "";
  return type === "application/json" || type === "text/json" || type.endsWith("+json");
}

export function isImageMime(mimeType: string | undefined): boolean {
  return (mimeType?.trim().toLowerCase() ?? "").startsWith("image/");
}

/**
 * The view of one content part.
 *
 * @example
 * resourceView({ uri: "file:///a.json", mimeType: "application/json", text: '{"a":1}' });
 * // → { kind: "json", text: '{\n  "a": 1\n}' }
 */
export function resourceView(content: McpResourceContent): ResourceView {
  if (content.text !== undefined) {
    if (!isJsonMime(content.mimeType)) return { kind: "text", text: content.text };
    // Text that says it is JSON but does not parse is shown as the server sent it.
    try {
      return { kind: "json", text: JSON.stringify(JSON.parse(content.text), null, 2) };
    } catch {
      return { kind: "text", text: content.text };
    }
  }
  const blob = content.blob ?? { bytes: 0 };
  if (blob.base64 !== undefined && isImageMime(content.mimeType)) {
    const mimeType = content.mimeType!.trim();
    return { kind: "image", mimeType, src: `data:${mimeType};base64,${blob.base64}` };
  }
  return { kind: "binary", bytes: blob.bytes };
}

/** "binary, 1 byte" / "binary, 2,048 bytes". */
export function binarySize(bytes: number): string {
  return `binary, ${bytes.toLocaleString("en-US")} byte${bytes === 1 ? "" : "s"}`;
}
