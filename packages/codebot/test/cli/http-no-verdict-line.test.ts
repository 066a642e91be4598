/**
 * An http PreToolUse hook whose answer decided nothing lets the call go ahead unchecked: `-p
 * --output-format stream-json` says so in claude 2.1.328's `informational` line tagged
 * `hook_no_verdict`, before the call's result, once per hook (recorded: an endpoint answering `OK`).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { reply } from "@codebot/agentcore/testing";
import { afterEach, describe, expect, it } from "vitest";
import { modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { jsonLines, runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** An endpoint answering every request 200 `OK`: no JSON, so no verdict. */
async function okEndpoint(): Promise<number> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => res.end("OK"));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

describe("an http PreToolUse hook that gave no verdict, in stream-json", () => {
  it("gets claude's hook_no_verdict line before the call's result, for its first call only", async () => {
    const port = await okEndpoint();
    const box = sandbox();
    box.json(`${box.home}/settings.json`, {
      httpHookAllowedHosts: [`127.0.0.1:${port}`],
      hooks: {
        PreToolUse: [{ type: "http", url: `http://127.0.0.1:${port}/check`, name: "gate", blocking: true }],
      },
    });
    const server = await modelServer([
      reply.toolCall("bash", { command: "echo one" }, "c1"),
      reply.toolCall("bash", { command: "echo two" }, "c2"),
      reply.text("done"),
    ]);
    const args = [
      "-p",
      "go",
      "--permission-mode",
      "bypassPermissions",
      "--output-format",
      "stream-json",
      "--verbose",
    ];
    const r = await runCli([...args, "--cwd", box.project], { env: modelEnv(server, box.home) });
    expect(r.code, r.stderr).toBe(0);
    const lines = jsonLines(r.stdout);
    const noVerdicts = lines.filter((l) => l.tag === "hook_no_verdict");
    expect(noVerdicts).toEqual([
      {
        type: "system",
        subtype: "informational",
        content: "A hook gave no usable answer, so it didn't check this action.",
        level: "warning",
        tag: "hook_no_verdict",
        hook_no_verdict: { hook_event: "PreToolUse", tool_use_id: "c1", timed_out: false },
        session_id: expect.any(String),
        uuid: expect.any(String),
      },
    ]);
    const firstResult = lines.findIndex(
      (l) => l.type === "user" && JSON.stringify(l).includes('"tool_use_id":"c1"'),
    );
    expect(lines.findIndex((l) => l.tag === "hook_no_verdict")).toBeLessThan(firstResult);
  });
});
