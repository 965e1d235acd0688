// How a resource's content is shown: JSON pretty-printed (when it parses), other text as it is,
// an image from its base64, anything else binary as its size.
import { describe, expect, it } from "vitest";
import { binarySize, isJsonMime, resourceView } from "./resource-view.ts";

describe("text", () => {
  it("is shown as it is when it is not JSON", () => {
    expect(resourceView({ uri: "file:///README.md", mimeType: "text/markdown", text: "# Hi\n" })).toEqual({ kind: "text", text: "# Hi\n" });
    expect(resourceView({ uri: "file:///notes", text: '{"a":1}' })).toEqual({ kind: "text", text: '{"a":1}' });
  });

  it("is pretty-printed when its type is JSON, with parameters or a +json suffix", () => {
    expect(resourceView({ uri: "file:///a.json", mimeType: "application/json; charset=utf-8", text: '{"a":[1,2]}' })).toEqual({ kind: "json", text: '{\n  "a": [\n    1,\n    2\n  ]\n}' });
    expect(isJsonMime("application/ld+json")).toBe(true);
    expect(isJsonMime("text/plain")).toBe(false);
  });

  it("is shown as the server sent it when it says JSON but does not parse", () => {
    expect(resourceView({ uri: "file:///a.json", mimeType: "application/json", text: "{oops" })).toEqual({ kind: "text", text: "{oops" });
  });
});

describe("binary", () => {
  it("is an image drawn from its base64 when its type is image/*", () => {
    expect(resourceView({ uri: "file:///dot.png", mimeType: "image/png", blob: { bytes: 3, base64: "AAEC" } })).toEqual({ kind: "image", mimeType: "image/png", src: "data:image/png;base64,AAEC" });
  });

  it("is its size when it is no image, or an image too large to have come with its bytes", () => {
    expect(resourceView({ uri: "file:///a.zip", mimeType: "application/zip", blob: { bytes: 2048, base64: "UEsD" } })).toEqual({ kind: "binary", bytes: 2048 });
    expect(resourceView({ uri: "file:///big.png", mimeType: "image/png", blob: { bytes: 5_000_000 } })).toEqual({ kind: "binary", bytes: 5_000_000 });
    expect(binarySize(2048)).toBe("binary, 2,048 bytes");
    expect(binarySize(1)).toBe("binary, 1 byte");
  });
});
