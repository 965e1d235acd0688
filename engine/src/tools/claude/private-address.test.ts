// Which addresses WebFetch treats as not public, in every form a host can be written.
import { describe, expect, it } from "vitest";
import { addressKind } from "./private-address.ts";

describe("addressKind: IPv4", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.0.9", "loopback"],
    ["10.0.0.1", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["169.254.169.254", "link-local"],
    ["100.64.0.1", "CGNAT"],
    ["100.127.255.255", "CGNAT"],
    ["0.0.0.0", "unspecified"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["255.255.255.255", "reserved"],
    ["192.0.2.5", "reserved"],
    ["198.18.0.1", "reserved"],
  ])("%s is %s", (address, kind) => {
    expect(addressKind(address)).toBe(kind);
  });

  it.each(["93.184.215.14", "8.8.8.8", "172.32.0.1", "100.128.0.1", "1.1.1.1"])("%s is public", (address) => {
    expect(addressKind(address)).toBeUndefined();
  });
});

describe("addressKind: IPv6", () => {
  it.each([
    ["::1", "loopback"],
    ["[::1]", "loopback"],
    ["::", "unspecified"],
    ["fe80::1", "link-local"],
    ["fe80::1%eth0", "link-local"],
    ["fc00::1", "private"],
    ["fd12:3456::1", "private"],
    ["ff02::1", "multicast"],
    ["2001:db8::1", "reserved"],
  ])("%s is %s", (address, kind) => {
    expect(addressKind(address)).toBe(kind);
  });

  it.each(["2606:4700:4700::1111", "2001:4860:4860::8888"])("%s is public", (address) => {
    expect(addressKind(address)).toBeUndefined();
  });
});

describe("addressKind: IPv4 carried in IPv6 is judged as the IPv4 address", () => {
  it.each([
    ["::ffff:127.0.0.1", "loopback"],
    ["[::ffff:127.0.0.1]", "loopback"],
    // How the WHATWG URL parser writes [::ffff:127.0.0.1].
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:10.1.2.3", "private"],
    ["::ffff:a9fe:a9fe", "link-local"],
    ["::127.0.0.1", "loopback"],
    ["64:ff9b::7f00:1", "loopback"],
    ["2002:c0a8:101::1", "private"],
    ["::ffff:0.0.0.0", "unspecified"],
  ])("%s is %s", (address, kind) => {
    expect(addressKind(address)).toBe(kind);
  });

  it("a public IPv4 address in mapped form stays public", () => {
    expect(addressKind("::ffff:8.8.8.8")).toBeUndefined();
  });
});

describe("addressKind: not an address", () => {
  it("calls anything that is not an IP literal reserved, so it is never taken for public", () => {
    expect(addressKind("example.com")).toBe("reserved");
    expect(addressKind("")).toBe("reserved");
  });
});
