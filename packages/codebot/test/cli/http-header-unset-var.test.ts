/**
 * An http hook whose header names an allowed variable that is not set: the request goes out with
 * the header empty (as Claude Code sends it), but the session says so — once per hook on stderr,
 * and on each run's trace record — instead of leaving a 401 unexplained (docs/http-hooks.md);
 * a later failure of the hook is shown all the same.
 */
import fs from "node:fs";
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

/**
 * An endpoint that answers `{}` (with `statuses` in turn, then 200) and keeps the Authorization
 * header of each request.
 */
async function recordingEndpoint(
  statuses: number[] = [],
): Promise<{ port: number; authorizations: (string | undefined)[] }> {
  const authorizations: (string | undefined)[] = [];
  const server = http.createServer((req, res) => {
    authorizations.push(req.headers.authorization);
    req.resume();
    req.on("end", () => {
      res.statusCode = statuses.shift() ?? 200;
      res.end("{}");
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { port: (server.address() as AddressInfo).port, authorizations };
}

/**
 * A sandbox whose user settings hold the PreToolUse http hook "gate" (its Authorization header
 * naming the unset HOOK_TEST_TOKEN) at the endpoint on `port`, and a model making two bash calls.
 */
async function gateSession(port: number) {
  const box = sandbox();
  box.json(`${box.home}/settings.json`, {
    httpHookAllowedHosts: [`127.0.0.1:${port}`],
    hooks: {
      PreToolUse: [
        {
          type: "http",
          url: `http://127.0.0.1:${port}/check`,
          name: "gate",
          headers: { Authorization: "Bearer $HOOK_TEST_TOKEN" },
          allowedEnvVars: ["HOOK_TEST_TOKEN"],
        },
      ],
    },
  });
  const server = await modelServer([
    reply.toolCall("bash", { command: "echo one" }, "c1"),
    reply.toolCall("bash", { command: "echo two" }, "c2"),
    reply.text("done"),
  ]);
  return { box, server };
}

describe("http hook headers naming an unset variable", () => {
  it("warn once per hook on stderr and on every run's trace record, while the requests still go out", async () => {
    const endpoint = await recordingEndpoint();
    const { box, server } = await gateSession(endpoint.port);
    const trace = box.at("trace.jsonl");
    const args = [
      "-p",
      "go",
      "--permission-mode",
      "bypassPermissions",
      "--trace-file",
      trace,
      "--cwd",
      box.project,
    ];
    const r = await runCli(args, { env: modelEnv(server, box.home) });
    expect(r.code, r.stderr).toBe(0);
    expect(endpoint.authorizations).toEqual(["Bearer", "Bearer"]);
    const warning =
      "header Authorization went out with nothing in place of $HOOK_TEST_TOKEN, which is not set";
    expect(r.stderr.split("\n").filter((line) => line.includes("HOOK_TEST_TOKEN"))).toEqual([
      `hook gate: ${warning}`,
    ]);
    const records = jsonLines(fs.readFileSync(trace, "utf8")).filter((record) => record.hook === "gate");
    expect(records.map((record) => record.warnings)).toEqual([[warning], [warning]]);
  });

  it("a later failed run (401) of the hook is still shown after its warning was, ending with the warning", async () => {
    const endpoint = await recordingEndpoint([200, 401]);
    const { box, server } = await gateSession(endpoint.port);
    const args = ["-p", "go", "--permission-mode", "bypassPermissions", "--cwd", box.project];
    const r = await runCli(args, { env: modelEnv(server, box.home) });
    expect(r.code, r.stderr).toBe(0);
    const warning =
      "header Authorization went out with nothing in place of $HOOK_TEST_TOKEN, which is not set";
    expect(r.stderr.split("\n").filter((line) => line.startsWith("hook gate:"))).toEqual([
      `hook gate: ${warning}`,
      expect.stringMatching(
        /^hook gate: http hook .*: status 401; header Authorization went out with nothing/,
      ),
    ]);
  });
});
