// Which IP addresses WebFetch must not reach unless told to: loopback, private networks,
// link-local, CGNAT, multicast, unspecified and the other reserved ranges, so a model (or a page
// redirecting it) cannot use the tool to read the machine's own services or the local network.
import { BlockList, isIP } from "node:net";

/** Why an address is not public, as WebFetch names it in a refusal. */
export type AddressKind = "loopback" | "private" | "link-local" | "CGNAT" | "multicast" | "unspecified" | "reserved";

type Range = readonly [kind: AddressKind, network: string, prefix: number];

// IANA's special-purpose registries, less the ranges meant to be reached (global unicast).
const IPV4_RANGES: readonly Range[] = [
  ["unspecified", "0.0.0.0", 8],
  ["private", "10.0.0.0", 8],
  ["CGNAT", "100.64.0.0", 10],
  ["loopback", "127.0.0.0", 8],
  ["link-local", "169.254.0.0", 16],
  ["private", "172.16.0.0", 12],
  ["reserved", "192.0.0.0", 24],
  ["reserved", "192.0.2.0", 24],
  ["reserved", "192.88.99.0", 24],
  ["private", "192.168.0.0", 16],
  ["reserved", "198.18.0.0", 15],
  ["reserved", "198.51.100.0", 24],
  ["reserved", "203.0.113.0", 24],
  ["multicast", "224.0.0.0", 4],
  ["reserved", "240.0.0.0", 4],
];

const IPV6_RANGES: readonly Range[] = [
  ["unspecified", "::", 128],
  ["loopback", "::1", 128],
  ["reserved", "100::", 64],
  ["reserved", "2001:db8::", 32],
  ["private", "fc00::", 7],
  ["link-local", "fe80::", 10],
  ["private", "fec0::", 10],
  ["multicast", "ff00::", 8],
];

const LISTS = {
  ipv4: IPV4_RANGES.map(([kind, network, prefix]) => [kind, blockList(network, prefix, "ipv4")] as const),
  ipv6: IPV6_RANGES.map(([kind, network, prefix]) => [kind, blockList(network, prefix, "ipv6")] as const),
};

function blockList(network: string, prefix: number, family: "ipv4" | "ipv6"): BlockList {
  const list = new BlockList();
  list.addSubnet(network, prefix, family);
  return list;
}

/**
 * Why `address` (an IPv4 or IPv6 literal, brackets allowed) is not a public address, or
 * undefined when it is one. An IPv4 address carried in IPv6 (`::ffff:127.0.0.1`, the
 * deprecated `::127.0.0.1`, NAT64 `64:ff9b::7f00:1`, 6to4 `2002:7f00:1::`) is judged as the
 * IPv4 address it carries; something that is not an IP address at all is "reserved".
 *
 * @example
 * addressKind("10.1.2.3"); // "private"
 * addressKind("[::ffff:127.0.0.1]"); // "loopback"
 * addressKind("93.184.215.14"); // undefined
 */
export function addressKind(address: string): AddressKind | undefined {
  const bare = address.startsWith("[") && address.endsWith("]") ? address.slice(1, -1) : address;
  // A zone (fe80::1%eth0) only exists on link-local addresses, so it never names a public one.
  if (bare.includes("%")) return "link-local";
  const family = isIP(bare);
  if (family === 4) return kindIn(LISTS.ipv4, bare, "ipv4");
  if (family !== 6) return "reserved";
  const carried = carriedIpv4(bare);
  if (carried !== undefined) return carried === "" ? "unspecified" : kindIn(LISTS.ipv4, carried, "ipv4");
  return kindIn(LISTS.ipv6, bare, "ipv6");
}

function kindIn(list: readonly (readonly [AddressKind, BlockList])[], address: string, family: "ipv4" | "ipv6"): AddressKind | undefined {
  return list.find(([, ranges]) => ranges.check(address, family))?.[0];
}

/**
 * The IPv4 address an IPv6 address carries, in the forms a host could be reached by it
 * (mapped, compatible, NAT64 well-known prefix, 6to4); "" for `::`; undefined when none.
 */
function carriedIpv4(address: string): string | undefined {
  const words = ipv6Words(address);
  if (!words) return undefined;
  const zero = (from: number, to: number) => words.slice(from, to).every((word) => word === 0);
  if (words.every((word) => word === 0)) return "";
  // ::1 is IPv6's own loopback, not the IPv4 address 0.0.0.1.
  if (zero(0, 7) && words[7] === 1) return undefined;
  if (zero(0, 5) && (words[5] === 0xffff || words[5] === 0)) return dotted(words[6]!, words[7]!);
  if (words[0] === 0x64 && words[1] === 0xff9b && zero(2, 6)) return dotted(words[6]!, words[7]!);
  if (words[0] === 0x2002) return dotted(words[1]!, words[2]!);
  return undefined;
}

function dotted(high: number, low: number): string {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
}

/** The eight 16-bit words of an IPv6 literal (already checked by `isIP`), dotted tail included. */
function ipv6Words(address: string): number[] | undefined {
  let text = address.toLowerCase();
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail[1]!.split(".").map(Number) as [number, number, number, number];
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.split("::") as [string, string | undefined];
  const parse = (part: string) => (part === "" ? [] : part.split(":").map((word) => parseInt(word, 16)));
  const first = parse(head);
  if (rest === undefined) return first.length === 8 ? first : undefined;
  const last = parse(rest);
  return [...first, ...new Array<number>(8 - first.length - last.length).fill(0), ...last];
}
