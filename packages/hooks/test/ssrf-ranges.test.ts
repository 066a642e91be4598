import { describe, expect, it } from "vitest";
import { classifyAddress, parseIpAddress } from "../src/ssrf-ranges.js";

describe("classifyAddress", () => {
  const publicAddresses = [
    "8.8.8.8",
    "1.1.1.1",
    "93.184.216.34",
    "172.32.0.1", // just past 172.16.0.0/12
    "100.128.0.1", // just past 100.64.0.0/10
    "198.20.0.1", // just past 198.18.0.0/15
    "2606:4700::1111",
    "2001:4860:4860::8888",
    "::ffff:8.8.8.8", // IPv4-mapped public
    "64:ff9b::808:808", // NAT64 of 8.8.8.8
    "2002:808:808::1", // 6to4 of 8.8.8.8
  ];
  for (const address of publicAddresses) {
    it(`allows public unicast ${address}`, () => {
      expect(classifyAddress(address)).toEqual({ public: true });
    });
  }

  const refused: [string, string][] = [
    ["127.0.0.1", "loopback (127.0.0.0/8)"],
    ["127.255.255.254", "loopback (127.0.0.0/8)"],
    ["10.0.0.1", "private (RFC 1918)"],
    ["172.16.0.1", "private (RFC 1918)"],
    ["172.31.255.255", "private (RFC 1918)"],
    ["192.168.1.1", "private (RFC 1918)"],
    ["169.254.169.254", "link-local (169.254.0.0/16, includes cloud metadata 169.254.169.254)"],
    ["100.64.0.1", "carrier-grade NAT (100.64.0.0/10)"],
    ["100.127.255.255", "carrier-grade NAT (100.64.0.0/10)"],
    ["0.0.0.0", "unspecified (0.0.0.0, reaches this host)"],
    ["0.1.2.3", '"this network" (0.0.0.0/8)'],
    ["255.255.255.255", "broadcast (255.255.255.255)"],
    ["224.0.0.1", "multicast (224.0.0.0/4)"],
    ["239.255.255.250", "multicast (224.0.0.0/4)"],
    ["240.0.0.1", "reserved (240.0.0.0/4)"],
    ["198.18.0.1", "benchmarking (198.18.0.0/15)"],
    ["198.19.255.255", "benchmarking (198.18.0.0/15)"],
    ["192.0.2.1", "documentation (192.0.2.0/24)"],
    ["198.51.100.7", "documentation (198.51.100.0/24)"],
    ["203.0.113.9", "documentation (203.0.113.0/24)"],
    ["192.0.0.8", "IETF protocol assignments (192.0.0.0/24)"],
    ["192.88.99.1", "deprecated 6to4 relay anycast (192.88.99.0/24)"],
    ["192.175.48.1", "special-purpose (as112)"],
    ["::", "unspecified (::)"],
    ["::1", "loopback (::1)"],
    ["fc00::1", "unique local (fc00::/7, private IPv6)"],
    ["fd12:3456::1", "unique local (fc00::/7, private IPv6)"],
    ["fe80::1", "link-local (fe80::/10)"],
    ["febf::1", "link-local (fe80::/10)"],
    ["fec0::1", "deprecated site-local (fec0::/10)"],
    ["ff02::1", "multicast (ff00::/8)"],
    ["2001:db8::1", "documentation (2001:db8::/32)"],
    ["3fff::1", "documentation (3fff::/20)"],
    ["2001:2::1", "benchmarking (2001:2::/48)"],
    ["2001:10::1", "IETF protocol assignments (2001::/23)"],
    ["100::1", "discard-only (100::/64)"],
    ["4000::1", "outside global unicast (2000::/3)"],
    ["::ffff:127.0.0.1", "the IPv4-mapped form of 127.0.0.1, which is loopback (127.0.0.0/8)"],
    [
      "::ffff:169.254.169.254",
      "the IPv4-mapped form of 169.254.169.254, which is link-local (169.254.0.0/16, includes cloud metadata 169.254.169.254)",
    ],
    ["::ffff:10.0.0.1", "the IPv4-mapped form of 10.0.0.1, which is private (RFC 1918)"],
    ["::ffff:0:7f00:1", "the IPv4-translated form of 127.0.0.1, which is loopback (127.0.0.0/8)"],
    ["64:ff9b::7f00:1", "the NAT64 form of 127.0.0.1, which is loopback (127.0.0.0/8)"],
    [
      "64:ff9b::a9fe:a9fe",
      "the NAT64 form of 169.254.169.254, which is link-local (169.254.0.0/16, includes cloud metadata 169.254.169.254)",
    ],
    ["64:ff9b:1::a00:1", "the local-use NAT64 form of 10.0.0.1, which is private (RFC 1918)"],
    ["64:ff9b:1::808:808", "local-use NAT64 (64:ff9b:1::/48)"],
    ["2002:7f00:1::", "the 6to4 form of 127.0.0.1, which is loopback (127.0.0.0/8)"],
    ["2002:c0a8:101::1", "the 6to4 form of 192.168.1.1, which is private (RFC 1918)"],
    ["2001:0:4136:e378:8000:63bf:80ff:fffe", "the Teredo form of 127.0.0.1, which is loopback (127.0.0.0/8)"],
    ["2001:0:a00:1::1", "the Teredo form of 10.0.0.1, which is private (RFC 1918)"],
    ["::7f00:1", "the IPv4-compatible form of 127.0.0.1, which is loopback (127.0.0.0/8)"],
    ["::808:808", "deprecated IPv4-compatible (::/96)"],
  ];
  for (const [address, rule] of refused) {
    it(`refuses ${address} as ${rule}`, () => {
      expect(classifyAddress(address)).toEqual({ public: false, rule });
    });
  }

  it("refuses text that is not an address", () => {
    expect(classifyAddress("example.test")).toEqual({ public: false, rule: "not an IP address" });
  });
});

describe("parseIpAddress", () => {
  const loopbackForms = ["127.0.0.1", "0x7f.1", "2130706433", "017700000001", "127.1", "0x7f.0.0.1"];
  for (const form of loopbackForms) {
    it(`reads ${form} as 127.0.0.1`, () => {
      expect(parseIpAddress(form)?.toString()).toBe("127.0.0.1");
    });
  }

  it("reads a bracketed IPv6 address", () => {
    expect(parseIpAddress("[::1]")?.toString()).toBe("::1");
  });

  it("returns undefined for a host name", () => {
    expect(parseIpAddress("policy.internal")).toBeUndefined();
  });
});
