/**
 * An undici dispatcher that connects only to the addresses the SSRF guard checked. The host is
 * never resolved again (a `lookup` hook alone would also miss IP literals), and TLS still sends
 * SNI for, and verifies the certificate against, the original host name.
 */
import type { ConnectionOptions } from "node:tls";
import { Agent, buildConnector } from "undici";
import { type CheckedTarget, SsrfRefusal } from "./ssrf.js";

export interface PinnedAgentOptions {
  /** Limit for opening one connection (TCP and TLS handshake). */
  connectTimeoutMs: number;
  /** Extra TLS options (trusted CAs); verification itself always stays on. */
  tls?: Pick<ConnectionOptions, "ca">;
  /** At most this many connections at once; further requests queue. Default: no limit. */
  connections?: number;
  /** An idle kept-alive connection closes after this long. Default: undici's (4 s). */
  keepAliveMs?: number;
}

/**
 * An agent whose every connection goes to `target.addresses`, in order. It keeps connections
 * alive for reuse: each of them is to an address checked for this very origin.
 */
export function createPinnedAgent(target: CheckedTarget, options: PinnedAgentOptions): Agent {
  const connectTo = buildConnector({
    timeout: options.connectTimeoutMs,
    ...options.tls,
    rejectUnauthorized: true,
  });
  const connect: buildConnector.connector = (opts, callback) => {
    const host = opts.hostname.startsWith("[") ? opts.hostname.slice(1, -1) : opts.hostname;
    const port = opts.port ? Number(opts.port) : opts.protocol === "https:" ? 443 : 80;
    // The agent serves one checked URL; anything else (another origin) was never checked.
    if (host !== target.host || port !== target.port || opts.protocol !== target.protocol) {
      callback(new SsrfRefusal(`refused: ${host}:${port} was not checked by the ssrf guard`), null);
      return;
    }
    const attempt = (index: number) => {
      const address = target.addresses[index];
      if (address === undefined) {
        callback(new SsrfRefusal(`refused: ${host} has no checked address`), null);
        return;
      }
      connectTo({ ...opts, hostname: address, servername: target.servername }, (...result) => {
        // One address refusing the connection is not the end: try the next checked one.
        if (result[0] && index + 1 < target.addresses.length) attempt(index + 1);
        else callback(...result);
      });
    };
    attempt(0);
  };
  return new Agent({
    connect,
    ...(options.connections ? { connections: options.connections } : {}),
    ...(options.keepAliveMs
      ? { keepAliveTimeout: options.keepAliveMs, keepAliveMaxTimeout: options.keepAliveMs }
      : {}),
  });
}
