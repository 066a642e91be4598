/**
 * Background hooks wait in lanes (background-lanes.ts): one per http origin, one for command
 * hooks. A slow or dead endpoint holds up its own hooks only, never a waited-for hook, and a
 * queued hook's timeout counts from when it was queued.
 */
import { existsSync, readFileSync } from "node:fs";
import type { ServerResponse } from "node:http";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createHttpExecutor } from "../src/http-executor.js";
import type { HookStart } from "../src/index.js";
import { type LoopbackServer, loopbackServers, respondWith } from "./http-loopback.js";
import { bashTool, callTool, runnerFor, waitFor } from "./support.js";

const startServer = loopbackServers();

/** A server that answers `/hang…` never (until closed) and everything else at once with `{}`. */
async function hangingServer(): Promise<LoopbackServer> {
  const server = await startServer((request, res: ServerResponse) => {
    if (!request.url.startsWith("/hang")) respondWith("{}")(request, res);
  });
  return server;
}

const post = (i: number) => ({ tool: "bash", toolUseId: `t${i}`, args: {}, output: "", isError: false });
const http = (url: string, extra: Record<string, unknown> = {}) => ({ type: "http", url, ...extra });
const lines = (file: string) =>
  existsSync(file) ? readFileSync(file, "utf8").split("\n").filter(Boolean).length : 0;

describe("background lanes", () => {
  it("command hooks do not wait behind a hung http endpoint's queue", async () => {
    const server = await hangingServer();
    const { runner, dir } = runnerFor(
      {
        PostToolUse: [
          http(`${server.origin}/hang`, { timeout: 60 }),
          { type: "command", command: "echo x >> log" },
        ],
      },
      {
        maxConcurrentAsync: 2,
        executors: { http: createHttpExecutor({ allowedHosts: [`127.0.0.1:${server.port}`] }) },
      },
    );
    for (let i = 0; i < 6; i++) runner.postToolUse(post(i));
    await waitFor(
      () => lines(join(dir, "log")) === 6,
      20_000,
      "every command hook, while the http ones hang",
    );
    expect(server.requests.length).toBeLessThanOrEqual(2);
  });

  it("an http origin does not wait behind another, hung origin", async () => {
    const hung = await hangingServer();
    const fast = await hangingServer();
    const { runner } = runnerFor(
      { PostToolUse: [http(`${hung.origin}/hang`, { timeout: 60 }), http(`${fast.origin}/audit`)] },
      {
        maxConcurrentAsync: 2,
        executors: {
          http: createHttpExecutor({ allowedHosts: [`127.0.0.1:${hung.port}`, `127.0.0.1:${fast.port}`] }),
        },
      },
    );
    for (let i = 0; i < 6; i++) runner.postToolUse(post(i));
    await waitFor(() => fast.requests.length === 6, 20_000, "every request to the answering origin");
  });

  it("more than ten background runs in flight across lanes raise no MaxListenersExceededWarning", async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on("warning", onWarning);
    try {
      const a = await hangingServer();
      const b = await hangingServer();
      const { runner } = runnerFor(
        {
          PostToolUse: [http(`${a.origin}/hang`, { timeout: 60 }), http(`${b.origin}/hang`, { timeout: 60 })],
        },
        {
          executors: {
            http: createHttpExecutor({ allowedHosts: [`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`] }),
          },
        },
      );
      for (let i = 0; i < 8; i++) runner.postToolUse(post(i));
      await waitFor(() => a.requests.length + b.requests.length === 16, 20_000, "16 requests in flight");
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((w) => w.name === "MaxListenersExceededWarning")).toEqual([]);
    } finally {
      process.off("warning", onWarning);
    }
  });

  it("a waited-for hook does not queue behind background requests to the same origin", async () => {
    const server = await hangingServer();
    const { runner } = runnerFor(
      {
        PreToolUse: [http(`${server.origin}/pre`, { blocking: true, onError: "block", timeout: 5 })],
        PostToolUse: [http(`${server.origin}/hang`, { timeout: 60 })],
      },
      { executors: { http: createHttpExecutor({ allowedHosts: [`127.0.0.1:${server.port}`] }) } },
    );
    // Every background connection of the origin busy, more requests queued.
    for (let i = 0; i < 12; i++) runner.postToolUse(post(i));
    await waitFor(() => server.requests.length === 8, 20_000, "8 background requests in flight");
    const { result, executed } = await callTool(runner, bashTool, { command: "ls" });
    expect(result.isError).toBe(false);
    expect(executed).toHaveLength(1);
    expect(server.requests.filter((r) => r.url === "/pre")).toHaveLength(1);
  });

  it("a queued hook's timeout counts from when it was queued: closing behind a hung endpoint takes one timeout, not one per hook", async () => {
    const server = await hangingServer();
    const { runner, traces } = runnerFor(
      { PostToolUse: [http(`${server.origin}/hang`, { timeout: 1 })] },
      {
        maxConcurrentAsync: 1,
        executors: { http: createHttpExecutor({ allowedHosts: [`127.0.0.1:${server.port}`] }) },
      },
    );
    for (let i = 0; i < 10; i++) runner.postToolUse(post(i));
    const started = performance.now();
    await runner.close();
    // One hook after another would take 10 s.
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(traces.map((t) => t.outcome)).toEqual(Array(10).fill("timed out"));
    expect(traces.filter((t) => /waiting for its turn \(not started\)/.test(t.error ?? ""))).toHaveLength(9);
  });

  it("a queued run whose timeout passed before its turn is traced `not started`, and no start precedes it", async () => {
    const server = await hangingServer();
    const starts: HookStart[] = [];
    const { runner, traces } = runnerFor(
      { PostToolUse: [http(`${server.origin}/hang`, { timeout: 1 })] },
      {
        maxConcurrentAsync: 1,
        executors: { http: createHttpExecutor({ allowedHosts: [`127.0.0.1:${server.port}`] }) },
        onHookStart: (start) => starts.push(start),
      },
    );
    for (let i = 0; i < 3; i++) runner.postToolUse(post(i));
    await runner.close();
    expect(starts).toHaveLength(1);
    expect(traces.map((t) => t.skipped ?? "ran")).toEqual(["ran", "not started", "not started"]);
    expect(traces[1]).toMatchObject({ matched: true, outcome: "timed out" });
  });
});
