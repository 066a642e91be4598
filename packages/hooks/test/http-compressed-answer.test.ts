/**
 * An http hook whose server compresses its answer though codebot asked for no encoding (a proxy,
 * a framework that always compresses). claude 2.1.328 decodes gzip, deflate and br (recorded: a
 * gzip- and a br-encoded deny held); codebot read the compressed bytes as the answer, "not a JSON
 * object", and the call ran.
 */
import type { ServerResponse } from "node:http";
import zlib from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { createHttpExecutor } from "../src/index.js";
import { type LoopbackServer, startLoopbackServer } from "./http-loopback.js";
import { bashTool, callTool, runnerFor } from "./support.js";

const DENY = JSON.stringify({
  hookSpecificOutput: {
    hookEventName: "PreToolUse",
    permissionDecision: "deny",
    permissionDecisionReason: "NOPE",
  },
});

const servers: LoopbackServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** A Claude Code PreToolUse group's http hook on Bash whose server answers `body` with `encoding`. */
async function guardAnswering(body: Buffer, encoding: string) {
  const target = await startLoopbackServer((_request, res: ServerResponse) => {
    res.writeHead(200, { "content-type": "application/json", "content-encoding": encoding });
    res.end(body);
  });
  servers.push(target);
  const url = `${target.origin}/check`;
  const executors = { http: createHttpExecutor({ allowedHosts: [`127.0.0.1:${target.port}`] }) };
  const hooks = { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "http", url }] }] };
  const { runner, traces, errors } = runnerFor(hooks, { executors });
  const call = await callTool(runner, bashTool, { command: "ls" });
  return { ...call, traces, errors, url };
}

describe("an http hook's compressed answer", () => {
  it.each([
    ["gzip", zlib.gzipSync(DENY)],
    ["x-gzip", zlib.gzipSync(DENY)],
    ["deflate", zlib.deflateSync(DENY)],
    ["br", zlib.brotliCompressSync(DENY)],
    ["gzip, br", zlib.brotliCompressSync(zlib.gzipSync(DENY))],
  ])("%s: decoded, and its deny holds", async (encoding, body) => {
    const { executed, result, errors } = await guardAnswering(body, encoding);
    expect(executed).toEqual([]);
    expect(result).toEqual({ content: "hook: NOPE", isError: true });
    expect(errors).toEqual([]);
  });

  it("that does not decode: a failed run saying so, in words", async () => {
    const { executed, errors, url } = await guardAnswering(Buffer.from(DENY), "gzip");
    expect(executed).toHaveLength(1);
    expect(errors).toEqual([
      `hook PreToolUse[0].hooks[0] http: ${url}: the answer says it is gzip-encoded but does not decode (incorrect header check)`,
    ]);
  });

  it("in an encoding codebot does not decode: a failed run naming it", async () => {
    const { executed, errors, url } = await guardAnswering(Buffer.from(DENY), "compress");
    expect(executed).toHaveLength(1);
    expect(errors).toEqual([
      `hook PreToolUse[0].hooks[0] http: ${url}: the answer is encoded as "compress", which codebot does not decode (gzip, deflate and br it does)`,
    ]);
  });

  it("that inflates past the answer's cap (40 KB of gzip, 40 MB decoded) is cut at the cap", async () => {
    const bomb = zlib.gzipSync(Buffer.from(`{"reason": "${"x".repeat(40 * 1024 * 1024)}"}`));
    expect(bomb.length).toBeLessThan(100_000);
    const { executed, errors } = await guardAnswering(bomb, "gzip");
    expect(executed).toHaveLength(1);
    expect(errors).toEqual([
      expect.stringMatching(/it was longer than codebot reads \(32 MiB\), so it was cut$/),
    ]);
  });
});

describe("an http hook's compressed answer cut off by the server closing the connection", () => {
  it("says the connection was closed, not that the answer does not decode", async () => {
    const target = await startLoopbackServer((_request, res: ServerResponse) => {
      res.writeHead(200, { "content-encoding": "gzip", "content-length": "1000" });
      res.write(zlib.gzipSync(DENY).subarray(0, 10), () => res.socket?.destroy());
    });
    servers.push(target);
    const url = `${target.origin}/check`;
    const executors = { http: createHttpExecutor({ allowedHosts: [`127.0.0.1:${target.port}`] }) };
    const { runner, errors } = runnerFor(
      { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "http", url }] }] },
      { executors },
    );
    const { executed } = await callTool(runner, bashTool, { command: "ls" });
    expect(executed).toHaveLength(1);
    expect(errors).toEqual([
      expect.stringMatching(/the endpoint closed the connection before its answer was complete/),
    ]);
  });
});
