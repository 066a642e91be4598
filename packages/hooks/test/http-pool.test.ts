/**
 * Kept-alive connections of http hooks under the SSRF guard: reuse, per-host limit, recovery,
 * and that a pooled connection never serves a name or answer the guard did not pass for it.
 * All traffic goes to loopback servers; refused addresses come from a test resolver only.
 */
import type { ServerResponse } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import type { HookExecutor, HttpSpec, RunContext } from "../src/executor.js";
import { createHttpExecutor, type HttpExecutorOptions } from "../src/http-executor.js";
import type { HostResolver } from "../src/ssrf.js";
import { type LoopbackServer, respondWith, startLoopbackServer, waitFor } from "./http-loopback.js";

const context = (timeoutMs = 10_000): RunContext => ({
  payload: "{}",
  cwd: process.cwd(),
  env: {},
  timeoutMs,
  signal: new AbortController().signal,
});

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()));
});

async function server(...args: Parameters<typeof startLoopbackServer>): Promise<LoopbackServer> {
  const started = await startLoopbackServer(...args);
  cleanups.push(() => started.close());
  return started;
}

function executor(options: HttpExecutorOptions): HookExecutor<HttpSpec> {
  const made = createHttpExecutor(options);
  cleanups.push(async () => made.close?.());
  return made;
}

/** A resolver whose answers the test changes between calls. */
function switchingResolver(table: Record<string, string>): HostResolver {
  return async (host) => {
    const address = table[host];
    if (address === undefined) throw new Error(`getaddrinfo ENOTFOUND ${host}`);
    return [{ address, family: 4 }];
  };
}

const hook = (url: string): HttpSpec => ({ type: "http", url });

describe("http hooks: connection reuse", () => {
  it("sends 200 calls over at most 2 connections", async () => {
    const target = await server(respondWith("{}"));
    const http = executor({ allowedHosts: [`127.0.0.1:${target.port}`] });
    for (let i = 0; i < 200; i++) {
      const outcome = await http.run(hook(`${target.origin}/check`), context());
      expect(outcome.error).toBeUndefined();
    }
    expect(target.requests).toHaveLength(200);
    expect(target.connections).toBeLessThanOrEqual(2);
  });

  it("refuses the next call once the name resolves to a refused address, without using the pooled connection", async () => {
    const target = await server(respondWith("{}"));
    const table: Record<string, string> = { "policy.test": "127.0.0.1" };
    // The allow-list admits the loopback address (by address, not by name), as a policy would a service's network.
    const http = executor({ resolver: switchingResolver(table), allowedHosts: ["127.0.0.1"] });
    const url = `http://policy.test:${target.port}/`;
    expect((await http.run(hook(url), context())).error).toBeUndefined();
    table["policy.test"] = "169.254.169.254";
    const second = await http.run(hook(url), context());
    expect(second.error).toMatch(/policy\.test resolves to 169\.254\.169\.254, which is link-local/);
    expect(target.requests).toHaveLength(1);
    // Back to the allowed answer: served again (the guard decides per call, not the pool).
    table["policy.test"] = "127.0.0.1";
    expect((await http.run(hook(url), context())).error).toBeUndefined();
    expect(target.requests).toHaveLength(2);
  });

  it("never hands a pooled connection to another name on the same address unless that name is allowed", async () => {
    const target = await server(respondWith("{}"));
    const resolver = switchingResolver({ "allowed.test": "127.0.0.1", "other.test": "127.0.0.1" });
    const http = executor({ resolver, allowedHosts: ["allowed.test"] });
    expect((await http.run(hook(`http://allowed.test:${target.port}/`), context())).error).toBeUndefined();
    const other = await http.run(hook(`http://other.test:${target.port}/`), context());
    expect(other.error).toMatch(/other\.test resolves to 127\.0\.0\.1, which is loopback/);
    expect(target.requests.map((r) => r.headers.host)).toEqual([`allowed.test:${target.port}`]);

    // Both names allowed: each gets connections of its own.
    const both = executor({ resolver, allowedHosts: ["allowed.test", "other.test"] });
    const before = target.connections;
    expect((await both.run(hook(`http://allowed.test:${target.port}/`), context())).error).toBeUndefined();
    expect((await both.run(hook(`http://other.test:${target.port}/`), context())).error).toBeUndefined();
    expect(target.connections - before).toBe(2);
  });

  it("closes its connections on close(), and a later call connects again", async () => {
    const target = await server(respondWith("{}"));
    const http = executor({ allowedHosts: [`127.0.0.1:${target.port}`] });
    await http.run(hook(target.origin), context());
    await http.close?.();
    await http.run(hook(target.origin), context());
    expect(target.connections).toBe(2);
    expect(target.requests).toHaveLength(2);
  });
});

describe("http hooks: a policy service that slows down or goes away", () => {
  it("opens at most the per-host limit of connections; the rest queue, other hosts are not held up", async () => {
    const held: ServerResponse[] = [];
    const slow = await server((_req, res) => held.push(res));
    const fast = await server(respondWith('{"fast":true}'));
    const http = executor({
      allowedHosts: [`127.0.0.1:${slow.port}`, `127.0.0.1:${fast.port}`],
      connectionsPerHost: 3,
    });
    const runs = Array.from({ length: 7 }, () => http.run(hook(slow.origin), context()));
    await waitFor(() => held.length === 3);
    expect((await http.run(hook(fast.origin), context())).stdout).toBe('{"fast":true}');
    expect(slow.connections).toBe(3);
    // Answer as requests arrive: the queued ones go over the same 3 connections.
    const answering = setInterval(() => {
      for (const res of held.splice(0)) res.end("{}");
    }, 5);
    try {
      for (const outcome of await Promise.all(runs)) expect(outcome.error).toBeUndefined();
    } finally {
      clearInterval(answering);
    }
    expect(slow.requests).toHaveLength(7);
    expect(slow.connections).toBe(3);
  });

  it("bounds a queued call by its own timeout when the service hangs", async () => {
    const slow = await server(() => {});
    const http = executor({ allowedHosts: [`127.0.0.1:${slow.port}`], connectionsPerHost: 1 });
    const first = http.run(hook(slow.origin), context(300));
    const queued = await http.run(hook(slow.origin), context(300));
    expect(queued.timedOut).toBe(true);
    expect(queued.error).toBe(`http hook ${slow.origin}/: timed out after 0.3s`);
    expect((await first).timedOut).toBe(true);
  });

  it("fails calls while the service is down and recovers when it comes back", async () => {
    const first = await startLoopbackServer(respondWith('{"up":1}'));
    const http = executor({ allowedHosts: [`127.0.0.1:${first.port}`] });
    const url = `${first.origin}/`;
    expect((await http.run(hook(url), context())).stdout).toBe('{"up":1}');
    await first.close();
    const down = await http.run(hook(url), context(2_000));
    expect(down.error).toMatch(new RegExp(`^http hook ${url}: .*ECONNREFUSED`));
    expect(down.exitCode).toBeNull();
    const again = await server(respondWith('{"up":2}'), { port: first.port });
    const back = await http.run(hook(url), context());
    expect(back.error).toBeUndefined();
    expect(back.stdout).toBe('{"up":2}');
    expect(again.connections).toBe(1);
  });
});
