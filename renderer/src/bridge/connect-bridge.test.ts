import { describe, expect, it } from "vitest";
import { createFakeBridge } from "../../test/fake-bridge.ts";
import { BridgeError, selectBridge } from "./connect-bridge.ts";

const page = (search: string, protocol = "http:") => ({ location: { protocol, host: "127.0.0.1:4321", pathname: "/", search, hash: "" } });

describe("selectBridge", () => {
  it("uses the Electron preload's window.june when there is one", () => {
    const june = createFakeBridge({ host: "electron" });
    expect(selectBridge({ ...page(""), june }, () => createFakeBridge())).toBe(june);
  });

  it("otherwise connects to the web host that served the page", () => {
    const web = createFakeBridge();
    const seen: string[] = [];
    expect(selectBridge(page("?token=abc%2F123"), (location) => (seen.push(location.search), web))).toBe(web);
    expect(seen).toEqual(["?token=abc%2F123"]);
  });

  it("needs no token in the address: a page reloaded after the token left it goes by its cookie", () => {
    const web = createFakeBridge();
    expect(selectBridge(page(""), () => web)).toBe(web);
  });

  it("says what to start when the page has neither a preload nor a web host behind it", () => {
    expect(() => selectBridge(page("", "file:"), () => createFakeBridge())).toThrow(BridgeError);
    expect(() => selectBridge(page("", "app:"), () => createFakeBridge())).toThrow(/june studio <folder> --web/);
  });
});
