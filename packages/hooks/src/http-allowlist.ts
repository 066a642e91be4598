/**
 * `httpHookAllowedHosts`: the one way to let an http hook reach a non-public address on purpose.
 * Entries are `host`, `host:port`, IP literals or CIDR ranges (`[v6]:port` for IPv6 with a port).
 * Only user-owned layers may set it: a cloned repository must not open the way to the user's
 * intranet or cloud metadata for its own hooks.
 */
import ipaddr from "ipaddr.js";
import type { SettingsLayer, SettingsSource } from "./settings-layer.js";
import { USER_OWNED_SOURCES } from "./settings-layer.js";
import { type IpAddress, parseIpAddress, unmapped } from "./ssrf-ranges.js";

/** One parsed allow-list entry; `port` absent means any port. */
export type AllowEntry =
  | { kind: "name"; text: string; name: string; port?: number }
  | { kind: "range"; text: string; range: [IpAddress, number]; port?: number };

export interface AllowList {
  readonly entries: readonly AllowEntry[];
}

export const EMPTY_ALLOW_LIST: AllowList = { entries: [] };

/** What the allow-list says about one resolved address of a target. */
export type Admission =
  | { admitted: true; entry: AllowEntry }
  /** `onlyPorts` lists the ports of entries that matched the host or address but not the port. */
  | { admitted: false; onlyPorts: number[] };

export interface AdmissionQuery {
  /** The URL's host name (lower case, no brackets); undefined when the URL holds an IP literal. */
  name?: string;
  address: IpAddress;
  port: number;
}

/** Parses one entry; throws an Error whose message says what is wrong with it. */
export function parseAllowEntry(text: string): AllowEntry {
  const trimmed = text.trim();
  if (trimmed === "") throw new Error("empty entry");
  if (trimmed.includes("://")) throw new Error("a url; write only the host, with :port if needed");
  const { host, port } = splitHostPort(trimmed);
  if (host.includes("/")) return { kind: "range", text, range: parseRange(host), ...port };
  const ip = parseIpAddress(host);
  if (ip) return { kind: "range", text, range: hostRange(ip), ...port };
  if (trimmed.startsWith("[")) throw new Error(`"${host}" in brackets is not an IPv6 address`);
  const name = normaliseName(host);
  const named = parseIpAddress(name);
  if (named) return { kind: "range", text, range: hostRange(named), ...port };
  return { kind: "name", text, name, ...port };
}

/** Parses a whole list; throws one Error naming every bad entry. */
export function parseAllowList(texts: readonly string[]): AllowList {
  const entries: AllowEntry[] = [];
  const problems: string[] = [];
  texts.forEach((text, i) => {
    try {
      entries.push(parseAllowEntry(text));
    } catch (err) {
      problems.push(`[${i}] ${JSON.stringify(text)}: ${(err as Error).message}`);
    }
  });
  if (problems.length > 0) throw new Error(`httpHookAllowedHosts: invalid entries: ${problems.join("; ")}`);
  return { entries };
}

/** Whether an entry lets this address of this target through. */
export function admits(list: AllowList, query: AdmissionQuery): Admission {
  const address = unmapped(query.address);
  const onlyPorts: number[] = [];
  for (const entry of list.entries) {
    const hostMatches =
      entry.kind === "name"
        ? query.name !== undefined && stripDot(query.name) === entry.name
        : address.kind() === entry.range[0].kind() && address.match(entry.range);
    if (!hostMatches) continue;
    if (entry.port === undefined || entry.port === query.port) return { admitted: true, entry };
    onlyPorts.push(entry.port);
  }
  return { admitted: false, onlyPorts };
}

export interface LayerAllowList {
  hosts: AllowList;
  /** Layers whose `httpHookAllowedHosts` was not honoured (project and local settings). */
  ignored: { path: string; source: SettingsSource }[];
  /** Invalid values, one message each; the valid entries still count. */
  errors: { path: string; message: string }[];
}

/** Collects `httpHookAllowedHosts` from the user-owned layers (user, `--settings`, plugins). */
export function allowedHostsFromLayers(layers: readonly SettingsLayer[]): LayerAllowList {
  const entries: AllowEntry[] = [];
  const ignored: LayerAllowList["ignored"] = [];
  const errors: LayerAllowList["errors"] = [];
  for (const layer of layers) {
    const settings = layer.settings;
    if (typeof settings !== "object" || settings === null || !("httpHookAllowedHosts" in settings)) continue;
    const value: unknown = settings.httpHookAllowedHosts;
    if (!USER_OWNED_SOURCES.has(layer.source)) {
      ignored.push({ path: layer.path, source: layer.source });
      continue;
    }
    if (!Array.isArray(value)) {
      errors.push({ path: layer.path, message: "httpHookAllowedHosts: must be a list of strings" });
      continue;
    }
    value.forEach((item: unknown, i) => {
      const where = `httpHookAllowedHosts[${i}]`;
      if (typeof item !== "string") {
        errors.push({ path: layer.path, message: `${where}: must be a string` });
        return;
      }
      try {
        entries.push(parseAllowEntry(item));
      } catch (err) {
        errors.push({
          path: layer.path,
          message: `${where} ${JSON.stringify(item)}: ${(err as Error).message}`,
        });
      }
    });
  }
  return { hosts: { entries }, ignored, errors };
}

function splitHostPort(text: string): { host: string; port: { port?: number } } {
  if (text.startsWith("[")) {
    const close = text.indexOf("]");
    if (close < 0) throw new Error("missing ]");
    const rest = text.slice(close + 1);
    if (rest !== "" && !rest.startsWith(":")) throw new Error(`unexpected "${rest}" after ]`);
    return { host: text.slice(1, close), port: rest === "" ? {} : { port: parsePort(rest.slice(1)) } };
  }
  const colons = text.split(":").length - 1;
  // Two or more colons without brackets: a bare IPv6 address or range, which cannot carry a port.
  if (colons !== 1) return { host: text, port: {} };
  const at = text.lastIndexOf(":");
  return { host: text.slice(0, at), port: { port: parsePort(text.slice(at + 1)) } };
}

function parsePort(text: string): number {
  const port = /^\d{1,5}$/.test(text) ? Number(text) : Number.NaN;
  if (!(port >= 1 && port <= 65535)) throw new Error(`port "${text}" is not a number from 1 to 65535`);
  return port;
}

function parseRange(text: string): [IpAddress, number] {
  if (!ipaddr.isValidCIDR(text)) throw new Error(`"${text}" is not a valid CIDR range`);
  const [address, bits] = ipaddr.parseCIDR(text);
  return unmappedRange(address, bits);
}

/** `::ffff:10.0.0.0/104` means `10.0.0.0/8`: ranges are compared with unmapped addresses. */
function unmappedRange(address: IpAddress, bits: number): [IpAddress, number] {
  const plain = unmapped(address);
  return plain === address ? [address, bits] : [plain, Math.max(0, bits - 96)];
}

function hostRange(ip: IpAddress): [IpAddress, number] {
  const plain = unmapped(ip);
  return [plain, plain.kind() === "ipv4" ? 32 : 128];
}

function normaliseName(host: string): string {
  if (host.includes("*")) throw new Error("wildcards are not supported; list each host name");
  if (!/^[^\s/@?#:[\]\\%]+$/.test(host)) throw new Error(`"${host}" is not a host name`);
  let hostname: string;
  try {
    hostname = new URL(`http://${host}/`).hostname;
  } catch {
    throw new Error(`"${host}" is not a host name`);
  }
  return stripDot(hostname);
}

function stripDot(name: string): string {
  return name.endsWith(".") ? name.slice(0, -1) : name;
}
