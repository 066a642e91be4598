/**
 * The SSRF guard of http hooks: decides, before any connection, whether a hook URL may be
 * reached, and which addresses the connection may use. The host is resolved here exactly once;
 * the connector (ssrf-connector.ts) then connects only to the addresses returned, so DNS
 * rebinding cannot swap the target between the check and the connect.
 */
import { lookup } from "node:dns/promises";
import { type AllowList, admits } from "./http-allowlist.js";
import { untilAborted } from "./run-deadline.js";
import { classifyAddress, type IpAddress, parseIpAddress, unmapped } from "./ssrf-ranges.js";

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to all its addresses (injectable so tests never touch real DNS). */
export type HostResolver = (host: string) => Promise<ResolvedAddress[]>;

/** The system resolver (getaddrinfo: /etc/hosts, then DNS), all answers in the resolver's order. */
export const systemResolver: HostResolver = async (host) => {
  const answers = await lookup(host, { all: true, verbatim: true });
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

/** A target that passed the guard. */
export interface CheckedTarget {
  /** The normalised URL (`http://0x7f.1/` becomes `http://127.0.0.1/`), as the request uses it. */
  href: string;
  protocol: "http:" | "https:";
  /** The URL's host (lower case, no brackets) as the HTTP client will see it. */
  host: string;
  port: number;
  /** Every checked address, in the resolver's order; the connection may go only to these. */
  addresses: string[];
  /** The name TLS verifies (SNI and certificate); absent for IP literals. */
  servername?: string;
}

/** A URL the guard will not let through; the message names the rule (`refused: …`). */
export class SsrfRefusal extends Error {
  override name = "SsrfRefusal";
}

export interface GuardOptions {
  allowList: AllowList;
  resolver: HostResolver;
  signal?: AbortSignal;
  /**
   * The URL is a managed-settings hook's: the refusal points at the managed settings, where the
   * team that wrote the hook allows its endpoint for everyone, rather than at each user's settings.
   */
  managedHook?: boolean;
}

const ADVICE = "in your user settings to allow it";
const MANAGED_ADVICE = "in the managed settings that define this hook (or in your user settings) to allow it";

/** Checks a hook URL: scheme, credentials, then every address the host resolves to. */
export async function checkHookUrl(rawUrl: string, options: GuardOptions): Promise<CheckedTarget> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new SsrfRefusal("refused: not a valid url");
  }
  const protocol = url.protocol;
  if (protocol !== "http:" && protocol !== "https:") {
    throw new SsrfRefusal(`refused: scheme "${protocol.slice(0, -1)}" is not allowed (only http and https)`);
  }
  // `http://expected@evil/` reads differently to people and parsers; credentials belong in headers.
  if (url.username !== "" || url.password !== "") {
    throw new SsrfRefusal(
      "refused: the url carries credentials (user@host); send them in headers with allowedEnvVars instead",
    );
  }
  const host = url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
  if (host === "") throw new SsrfRefusal("refused: the url has no host");
  const port = url.port !== "" ? Number(url.port) : protocol === "https:" ? 443 : 80;
  // The URL parser already turned `0x7f.1`, `2130706433`, `017700000001`, `127.1` into dotted
  // quads; parseIpAddress also catches any numeric form it might have left as a name.
  const literal = parseIpAddress(host);
  const name = literal ? undefined : host.endsWith(".") ? host.slice(0, -1) : host;
  const addresses = literal ? [literal] : await resolveAll(host, options);

  for (const address of addresses) {
    const verdict = classifyAddress(address);
    if (verdict.public) continue;
    const admission = admits(options.allowList, { name, address, port });
    if (admission.admitted) continue;
    const subject = name ? `${name} resolves to ${address}, which is` : `${address} is`;
    const fix =
      admission.onlyPorts.length > 0
        ? `httpHookAllowedHosts admits it only on port ${admission.onlyPorts.join(", ")}, not ${port}`
        : `add ${name ? `"${name}" or ` : ""}it to httpHookAllowedHosts ${options.managedHook ? MANAGED_ADVICE : ADVICE}`;
    throw new SsrfRefusal(`refused: ${subject} ${verdict.rule}; ${fix}`);
  }

  return {
    href: url.href,
    protocol,
    host,
    port,
    // Connect to the plain IPv4 behind a mapped address: the same destination, one less surprise.
    addresses: addresses.map((a) => unmapped(a).toString()),
    ...(name ? { servername: name } : {}),
  };
}

async function resolveAll(host: string, options: GuardOptions): Promise<IpAddress[]> {
  let answers: ResolvedAddress[];
  try {
    const pending = options.resolver(host);
    answers = await (options.signal ? untilAborted(pending, options.signal) : pending);
  } catch (err) {
    if (options.signal?.aborted) throw err;
    throw new Error(`cannot resolve ${host}: ${(err as Error).message}`);
  }
  if (answers.length === 0) throw new SsrfRefusal(`refused: ${host} does not resolve to any address`);
  return answers.map((answer) => {
    const ip = parseIpAddress(answer.address);
    if (!ip)
      throw new SsrfRefusal(`refused: ${host} resolves to "${answer.address}", which is not an IP address`);
    return ip;
  });
}
