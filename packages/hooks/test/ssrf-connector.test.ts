/**
 * The pinned connector: connections go only to the checked addresses, and TLS keeps the
 * original host name for SNI and certificate verification. All servers are on loopback.
 */
import { once } from "node:events";
import { createServer, type Server } from "node:https";
import type { AddressInfo, Socket } from "node:net";
import { createSecureContext } from "node:tls";
import { type Agent, request } from "undici";
import { afterEach, describe, expect, it } from "vitest";
import { parseAllowList } from "../src/http-allowlist.js";
import { createHttpExecutor } from "../src/http-executor.js";
import { type CheckedTarget, checkHookUrl, type HostResolver, SsrfRefusal } from "../src/ssrf.js";
import { createPinnedAgent } from "../src/ssrf-connector.js";
import {
  closeServer,
  countConnections,
  type LoopbackServer,
  respondWith,
  startLoopbackServer,
} from "./http-loopback.js";

// A self-signed certificate for policy.test only (SAN DNS:policy.test, no IP), valid 2000–2100.
const KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgyyJp5QcNCe/3g/U6
9JIQ+7Y39SGBkjXhgdoMEj/5mwahRANCAAQ5YsNYvqia3/JJ9D/kvc0QMtao4jKa
VKwic5z5qv58AcMVsYH7OCv/ej+8DzQ6pTYV4NKibgn+1H3sBHqJwdku
-----END PRIVATE KEY-----
`;
const CERT = `-----BEGIN CERTIFICATE-----
MIIBZTCCAQqgAwIBAgIBATAKBggqhkjOPQQDAjAWMRQwEgYDVQQDDAtwb2xpY3ku
dGVzdDAgFw0wMDAxMDEwMDAwMDBaGA8yMTAwMDEwMTAwMDAwMFowFjEUMBIGA1UE
AwwLcG9saWN5LnRlc3QwWTATBgcqhkjOPQIBBggqhkjOPQMBBwNCAAQ5YsNYvqia
3/JJ9D/kvc0QMtao4jKaVKwic5z5qv58AcMVsYH7OCv/ej+8DzQ6pTYV4NKibgn+
1H3sBHqJwdkuo0cwRTAMBgNVHRMBAf8EAjAAMBYGA1UdEQQPMA2CC3BvbGljeS50
ZXN0MB0GA1UdDgQWBBQazPryqWRNgBu8ckFzYDYQKz+FIzAKBggqhkjOPQQDAgNJ
ADBGAiEAqzXLrNqXxw3ImKTYKYiPP3H2+tHEMPAa+S1xwAZkQZwCIQChUyco2MUL
njYbA8zTIr4gZZKwd1aKhftN99A67TVs9Q==
-----END CERTIFICATE-----
`;

interface TlsServer {
  port: number;
  /** Server names the clients sent (SNI), in order. */
  serverNames: string[];
  requests: number;
  close(): Promise<void>;
}

async function startTlsServer(): Promise<TlsServer> {
  const serverNames: string[] = [];
  const sockets = new Set<Socket>();
  const context = createSecureContext({ key: KEY, cert: CERT });
  let requests = 0;
  const server: Server = createServer(
    {
      key: KEY,
      cert: CERT,
      SNICallback: (name, done) => {
        serverNames.push(name);
        done(null, context);
      },
    },
    (_req, res) => {
      requests++;
      res.end('{"tls":true}');
    },
  );
  countConnections(server, sockets, () => {});
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    port: (server.address() as AddressInfo).port,
    serverNames,
    get requests() {
      return requests;
    },
    close: () => closeServer(server, sockets),
  };
}

const loopbackResolver =
  (...names: string[]): HostResolver =>
  async (host) => {
    if (!names.includes(host)) throw new Error(`getaddrinfo ENOTFOUND ${host}`);
    return [{ address: "127.0.0.1", family: 4 }];
  };

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()));
});

async function tlsServer(): Promise<TlsServer> {
  const server = await startTlsServer();
  cleanups.push(() => server.close());
  return server;
}

async function loopback(): Promise<LoopbackServer> {
  const server = await startLoopbackServer(respondWith("{}"));
  cleanups.push(() => server.close());
  return server;
}

/** A pinned agent for the target, destroyed after the test. */
function pinned(target: CheckedTarget, tls?: { ca: string }): Agent {
  const agent = createPinnedAgent(target, { connectTimeoutMs: 10_000, ...(tls ? { tls } : {}) });
  cleanups.push(() => agent.destroy());
  return agent;
}

async function checked(url: string, allowed: string[], resolver: HostResolver): Promise<CheckedTarget> {
  return checkHookUrl(url, { allowList: parseAllowList(allowed), resolver });
}

/** One run of an http hook to `https://policy.test:<port>/` (allowed, resolved to the server), as codebot runs it. */
async function runHookAgainst(server: { port: number }) {
  const executor = createHttpExecutor({
    allowedHosts: ["policy.test"],
    resolver: loopbackResolver("policy.test"),
  });
  return executor.run(
    { type: "http", url: `https://policy.test:${server.port}/` },
    { payload: "{}", cwd: process.cwd(), env: {}, timeoutMs: 10_000, signal: new AbortController().signal },
  );
}

describe("pinned connector: TLS", () => {
  it("sends the host name as SNI and verifies the certificate against it", async () => {
    const server = await tlsServer();
    const target = await checked(
      `https://policy.test:${server.port}/`,
      ["policy.test"],
      loopbackResolver("policy.test"),
    );
    const agent = pinned(target, { ca: CERT });
    const response = await request(target.href, { method: "POST", body: "{}", dispatcher: agent });
    expect(response.statusCode).toBe(200);
    expect(await response.body.text()).toBe('{"tls":true}');
    expect(server.serverNames).toEqual(["policy.test"]);
  });

  it("rejects a certificate that does not name the url's host, although the address is the same", async () => {
    const server = await tlsServer();
    const target = await checked(
      `https://other.test:${server.port}/`,
      ["other.test"],
      loopbackResolver("other.test"),
    );
    const agent = pinned(target, { ca: CERT });
    await expect(request(target.href, { method: "POST", body: "{}", dispatcher: agent })).rejects.toThrow(
      /does not match certificate's altnames/,
    );
    expect(server.requests).toBe(0);
  });

  it("verifies an IP literal url against the IP, not a name", async () => {
    const server = await tlsServer();
    const target = await checked(`https://127.0.0.1:${server.port}/`, ["127.0.0.1"], loopbackResolver());
    const agent = pinned(target, { ca: CERT });
    await expect(request(target.href, { method: "POST", body: "{}", dispatcher: agent })).rejects.toThrow(
      /IP: 127\.0\.0\.1 is not in the cert's list/,
    );
    expect(server.requests).toBe(0);
  });

  it("keeps verification on in the executor: an untrusted certificate fails the run", async () => {
    const server = await tlsServer();
    const outcome = await runHookAgainst(server);
    expect(outcome.error).toMatch(
      new RegExp(`^http hook https://policy\\.test:${server.port}/: self-signed certificate`),
    );
    expect(server.serverNames).toEqual(["policy.test"]);
    expect(server.requests).toBe(0);
  });

  it("says how to trust a company CA when the certificate is not trusted", async () => {
    const server = await tlsServer();
    const outcome = await runHookAgainst(server);
    expect(outcome.error).toBe(
      `http hook https://policy.test:${server.port}/: self-signed certificate; to trust the CA that signed it, start codebot with NODE_EXTRA_CA_CERTS=<its certificate file>`,
    );
  });
});

describe("pinned connector: addresses", () => {
  it("refuses to connect to an origin the guard did not check", async () => {
    const checkedServer = await loopback();
    const other = await loopback();
    const target = await checked(checkedServer.origin, [`127.0.0.1`], loopbackResolver());
    const agent = pinned(target);
    const error = await request(`${other.origin}/`, { method: "POST", body: "{}", dispatcher: agent }).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(SsrfRefusal);
    expect((error as Error).message).toBe(
      `refused: 127.0.0.1:${other.port} was not checked by the ssrf guard`,
    );
    expect(other.connections).toBe(0);
  });

  it("tries the next checked address when one refuses the connection", async () => {
    const live = await startLoopbackServer(respondWith('{"second":true}'), { host: "127.0.0.2" });
    cleanups.push(() => live.close());
    // Nothing listens on 127.0.0.3 at this port: the connection is refused, then 127.0.0.2 answers.
    const target: CheckedTarget = {
      href: `http://two.test:${live.port}/`,
      protocol: "http:",
      host: "two.test",
      port: live.port,
      addresses: ["127.0.0.3", "127.0.0.2"],
      servername: "two.test",
    };
    const agent = pinned(target);
    const response = await request(target.href, { method: "POST", body: "{}", dispatcher: agent });
    expect(await response.body.text()).toBe('{"second":true}');
    expect(live.connections).toBe(1);
  });
});
