/**
 * Which IP addresses an http hook may reach without an allow-list: public unicast only.
 * The rule is "allow only what is clearly public": every special-purpose range we know has a
 * named rule (so a refusal can say why), and ipaddr.js's own range table is a second net for
 * anything our table misses. IPv6 forms that carry an IPv4 address are judged by that address.
 */
import ipaddr from "ipaddr.js";

export type IpAddress = ipaddr.IPv4 | ipaddr.IPv6;

/** The verdict on one address: public, or refused by a named rule. */
export type AddressClass = { public: true } | { public: false; rule: string };

type Cidr = [IpAddress, number];

interface RangeRule {
  cidr: Cidr;
  rule: string;
}

// Order matters only for messages: the narrower, better-known name comes first.
const IPV4_TABLE: [string, string][] = [
  ["255.255.255.255/32", "broadcast (255.255.255.255)"],
  ["0.0.0.0/32", "unspecified (0.0.0.0, reaches this host)"],
  ["0.0.0.0/8", '"this network" (0.0.0.0/8)'],
  ["10.0.0.0/8", "private (RFC 1918)"],
  ["172.16.0.0/12", "private (RFC 1918)"],
  ["192.168.0.0/16", "private (RFC 1918)"],
  ["100.64.0.0/10", "carrier-grade NAT (100.64.0.0/10)"],
  ["127.0.0.0/8", "loopback (127.0.0.0/8)"],
  ["169.254.0.0/16", "link-local (169.254.0.0/16, includes cloud metadata 169.254.169.254)"],
  ["192.0.0.0/24", "IETF protocol assignments (192.0.0.0/24)"],
  ["192.0.2.0/24", "documentation (192.0.2.0/24)"],
  ["198.51.100.0/24", "documentation (198.51.100.0/24)"],
  ["203.0.113.0/24", "documentation (203.0.113.0/24)"],
  ["192.88.99.0/24", "deprecated 6to4 relay anycast (192.88.99.0/24)"],
  ["198.18.0.0/15", "benchmarking (198.18.0.0/15)"],
  ["224.0.0.0/4", "multicast (224.0.0.0/4)"],
  ["240.0.0.0/4", "reserved (240.0.0.0/4)"],
];

const IPV6_TABLE: [string, string][] = [
  ["::/128", "unspecified (::)"],
  ["::1/128", "loopback (::1)"],
  ["fc00::/7", "unique local (fc00::/7, private IPv6)"],
  ["fe80::/10", "link-local (fe80::/10)"],
  ["fec0::/10", "deprecated site-local (fec0::/10)"],
  ["ff00::/8", "multicast (ff00::/8)"],
  ["100::/64", "discard-only (100::/64)"],
  ["2001:db8::/32", "documentation (2001:db8::/32)"],
  ["3fff::/20", "documentation (3fff::/20)"],
  ["2001:2::/48", "benchmarking (2001:2::/48)"],
  ["2001::/23", "IETF protocol assignments (2001::/23)"],
  ["5f00::/16", "segment routing (5f00::/16)"],
];

/** How IPv6 addresses that carry an IPv4 address are recognised, and where the IPv4 sits. */
interface EmbeddingForm<C = Cidr> {
  cidr: C;
  name: string;
  /** The embedded IPv4 addresses (Teredo carries two). */
  extract: (parts: number[]) => ipaddr.IPv4[];
  /** Even with a public IPv4 inside, the form itself is not a public destination. */
  refuseAnyway?: string;
}

const v4 = (hi: number, lo: number) => new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
const part = (parts: number[], i: number) => parts[i] ?? 0;
const last32 = (p: number[]) => [v4(part(p, 6), part(p, 7))];

const EMBEDDING_FORMS: EmbeddingForm<string>[] = [
  { cidr: "::ffff:0:0/96", name: "IPv4-mapped", extract: last32 },
  {
    cidr: "::ffff:0:0:0/96",
    name: "IPv4-translated",
    extract: last32,
    refuseAnyway: "IPv4-translated (::ffff:0:0:0/96)",
  },
  { cidr: "64:ff9b::/96", name: "NAT64", extract: last32 },
  {
    cidr: "64:ff9b:1::/48",
    name: "local-use NAT64",
    extract: last32,
    refuseAnyway: "local-use NAT64 (64:ff9b:1::/48)",
  },
  { cidr: "2002::/16", name: "6to4", extract: (p) => [v4(part(p, 1), part(p, 2))] },
  {
    cidr: "2001::/32",
    name: "Teredo",
    // Teredo carries the server's IPv4 in plain and the client's IPv4 inverted.
    extract: (p) => [v4(part(p, 2), part(p, 3)), v4(part(p, 6) ^ 0xffff, part(p, 7) ^ 0xffff)],
  },
  {
    // Checked after :: and ::1, which fall in this /96 too.
    cidr: "::/96",
    name: "IPv4-compatible",
    extract: last32,
    refuseAnyway: "deprecated IPv4-compatible (::/96)",
  },
];

interface RangeTables {
  v4: RangeRule[];
  v6: RangeRule[];
  globalUnicastV6: Cidr;
  embeddingForms: EmbeddingForm[];
}

let parsedTables: RangeTables | undefined;

/**
 * The tables, parsed on the first classification: parsing them compiles ipaddr.js's expressions,
 * ≈ 5 ms that every command paid at start-up although only an http hook's run needs them.
 */
function rangeTables(): RangeTables {
  const rules = (table: [string, string][]) =>
    table.map(([cidr, rule]) => ({ cidr: ipaddr.parseCIDR(cidr), rule }));
  parsedTables ??= {
    v4: rules(IPV4_TABLE),
    v6: rules(IPV6_TABLE),
    globalUnicastV6: ipaddr.parseCIDR("2000::/3"),
    embeddingForms: EMBEDDING_FORMS.map((form) => ({ ...form, cidr: ipaddr.parseCIDR(form.cidr) })),
  };
  return parsedTables;
}

/**
 * Parses an address in any form an OS resolver or URL parser accepts (`0x7f.1`, `2130706433`,
 * `017700000001`, `127.1`, `[::1]`); undefined when it is not an IP address at all.
 */
export function parseIpAddress(text: string): IpAddress | undefined {
  const bare = text.startsWith("[") && text.endsWith("]") ? text.slice(1, -1) : text;
  return ipaddr.isValid(bare) ? ipaddr.parse(bare) : undefined;
}

/** Classifies one address: public unicast, or the rule that refuses it. */
export function classifyAddress(address: IpAddress | string): AddressClass {
  const ip = typeof address === "string" ? parseIpAddress(address) : address;
  if (!ip) return { public: false, rule: "not an IP address" };
  return ip.kind() === "ipv4" ? classifyV4(ip as ipaddr.IPv4) : classifyV6(ip as ipaddr.IPv6);
}

function classifyV4(ip: ipaddr.IPv4): AddressClass {
  const hit = rangeTables().v4.find((r) => ip.match(r.cidr));
  if (hit) return { public: false, rule: hit.rule };
  const range = ip.range();
  if (range !== "unicast") return { public: false, rule: `special-purpose (${range})` };
  return { public: true };
}

function classifyV6(ip: ipaddr.IPv6): AddressClass {
  const tables = rangeTables();
  const exact = tables.v6.slice(0, 2).find((r) => ip.match(r.cidr));
  if (exact) return { public: false, rule: exact.rule };
  const form = tables.embeddingForms.find((f) => ip.match(f.cidr));
  if (form) {
    for (const inner of form.extract(ip.parts)) {
      const verdict = classifyV4(inner);
      if (!verdict.public)
        return { public: false, rule: `the ${form.name} form of ${inner}, which is ${verdict.rule}` };
    }
    return form.refuseAnyway ? { public: false, rule: form.refuseAnyway } : { public: true };
  }
  const hit = tables.v6.find((r) => ip.match(r.cidr));
  if (hit) return { public: false, rule: hit.rule };
  if (!ip.match(tables.globalUnicastV6)) return { public: false, rule: "outside global unicast (2000::/3)" };
  const range = ip.range();
  if (range !== "unicast") return { public: false, rule: `special-purpose (${range})` };
  return { public: true };
}

/** The IPv4 address inside an IPv4-mapped IPv6 address (what a dual-stack socket really reaches). */
export function unmapped(ip: IpAddress): IpAddress {
  return ip.kind() === "ipv6" && (ip as ipaddr.IPv6).isIPv4MappedAddress()
    ? (ip as ipaddr.IPv6).toIPv4Address()
    : ip;
}
