import { describe, expect, it } from "vitest";
import { admits, allowedHostsFromLayers, parseAllowEntry, parseAllowList } from "../src/http-allowlist.js";
import type { SettingsLayer } from "../src/settings-layer.js";
import { parseIpAddress } from "../src/ssrf-ranges.js";

const ip = (text: string) => {
  const parsed = parseIpAddress(text);
  if (!parsed) throw new Error(`bad test address ${text}`);
  return parsed;
};

/** The entry as plain data, for comparisons. */
const show = (text: string) => {
  const entry = parseAllowEntry(text);
  return entry.kind === "name"
    ? { name: entry.name, port: entry.port }
    : { range: `${entry.range[0]}/${entry.range[1]}`, port: entry.port };
};

describe("parseAllowEntry", () => {
  const cases: [string, ReturnType<typeof show>][] = [
    ["policy.internal", { name: "policy.internal", port: undefined }],
    ["Policy.Internal.:8443", { name: "policy.internal", port: 8443 }],
    ["127.0.0.1", { range: "127.0.0.1/32", port: undefined }],
    ["127.0.0.1:8080", { range: "127.0.0.1/32", port: 8080 }],
    ["10.0.0.0/8", { range: "10.0.0.0/8", port: undefined }],
    ["10.0.0.0/8:443", { range: "10.0.0.0/8", port: 443 }],
    ["::1", { range: "::1/128", port: undefined }],
    ["[::1]:8080", { range: "::1/128", port: 8080 }],
    ["fd00::/8", { range: "fd00::/8", port: undefined }],
    ["[fd00::/8]:9000", { range: "fd00::/8", port: 9000 }],
    ["0x7f.1:80", { range: "127.0.0.1/32", port: 80 }],
    ["::ffff:10.0.0.0/104", { range: "10.0.0.0/8", port: undefined }],
  ];
  for (const [text, expected] of cases) {
    it(`reads ${text}`, () => {
      expect(show(text)).toEqual(expected);
    });
  }

  const invalid: [string, RegExp][] = [
    ["", /empty entry/],
    ["10.0.0.0/33", /"10\.0\.0\.0\/33" is not a valid CIDR range/],
    ["host:0", /port "0" is not a number from 1 to 65535/],
    ["host:70000", /port "70000" is not a number from 1 to 65535/],
    ["host:http", /port "http" is not a number/],
    ["*.corp.internal", /wildcards are not supported/],
    ["user@host", /"user@host" is not a host name/],
    ["http://host/", /a url; write only the host, with :port if needed/],
    ["[policy.internal]:80", /in brackets is not an IPv6 address/],
    ["[::1", /missing \]/],
  ];
  for (const [text, message] of invalid) {
    it(`rejects ${JSON.stringify(text)} with a clear message`, () => {
      expect(() => parseAllowEntry(text)).toThrow(message);
    });
  }
});

describe("admits", () => {
  const list = parseAllowList(["policy.internal", "127.0.0.1:8080", "10.0.0.0/8", "fd00::/8"]);

  it("admits a listed name at any port", () => {
    expect(admits(list, { name: "policy.internal", address: ip("10.9.9.9"), port: 1 }).admitted).toBe(true);
  });

  it("admits an address inside a CIDR entry", () => {
    expect(admits(list, { address: ip("10.200.0.1"), port: 80 }).admitted).toBe(true);
  });

  it("admits an IPv6 address inside an IPv6 range", () => {
    expect(admits(list, { address: ip("fd00::5"), port: 80 }).admitted).toBe(true);
  });

  it("admits a listed address only on its port and reports the port", () => {
    expect(admits(list, { address: ip("127.0.0.1"), port: 8080 }).admitted).toBe(true);
    expect(admits(list, { address: ip("127.0.0.1"), port: 9090 })).toEqual({
      admitted: false,
      onlyPorts: [8080],
    });
  });

  it("compares an IPv4-mapped address with IPv4 entries", () => {
    expect(admits(list, { address: ip("::ffff:127.0.0.1"), port: 8080 }).admitted).toBe(true);
  });

  it("does not admit an unlisted name or address", () => {
    expect(admits(list, { name: "other.internal", address: ip("192.168.0.1"), port: 80 })).toEqual({
      admitted: false,
      onlyPorts: [],
    });
  });
});

describe("allowedHostsFromLayers", () => {
  const layer = (source: SettingsLayer["source"], settings: unknown): SettingsLayer => ({
    source,
    path: `/settings/${source}.json`,
    settings,
  });

  it("reads user, cli and plugin layers in order", () => {
    const { hosts, ignored, errors } = allowedHostsFromLayers([
      layer("user", { httpHookAllowedHosts: ["policy.internal"] }),
      layer("cli", { httpHookAllowedHosts: ["10.0.0.0/8"] }),
      layer("plugin", { httpHookAllowedHosts: ["127.0.0.1:9000"] }),
    ]);
    expect(hosts.entries.map((e) => e.text)).toEqual(["policy.internal", "10.0.0.0/8", "127.0.0.1:9000"]);
    expect(ignored).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("ignores project and local layers and reports each one", () => {
    const { hosts, ignored } = allowedHostsFromLayers([
      layer("project", { httpHookAllowedHosts: ["169.254.169.254"] }),
      layer("local", { httpHookAllowedHosts: ["10.0.0.0/8"] }),
      layer("user", { hooks: {} }),
    ]);
    expect(hosts.entries).toEqual([]);
    expect(ignored).toEqual([
      { path: "/settings/project.json", source: "project" },
      { path: "/settings/local.json", source: "local" },
    ]);
  });

  it("reports invalid entries with their file and index, and keeps the valid ones", () => {
    const { hosts, errors } = allowedHostsFromLayers([
      layer("user", { httpHookAllowedHosts: ["ok.internal", "10.0.0.0/40", 7] }),
      layer("cli", { httpHookAllowedHosts: "10.0.0.0/8" }),
    ]);
    expect(hosts.entries.map((e) => e.text)).toEqual(["ok.internal"]);
    expect(errors).toEqual([
      {
        path: "/settings/user.json",
        message: 'httpHookAllowedHosts[1] "10.0.0.0/40": "10.0.0.0/40" is not a valid CIDR range',
      },
      { path: "/settings/user.json", message: "httpHookAllowedHosts[2]: must be a string" },
      { path: "/settings/cli.json", message: "httpHookAllowedHosts: must be a list of strings" },
    ]);
  });

  it("skips layers that are not objects", () => {
    expect(allowedHostsFromLayers([layer("user", undefined), layer("user", [1])]).hosts.entries).toEqual([]);
  });
});
