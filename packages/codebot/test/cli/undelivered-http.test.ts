/**
 * An audit endpoint that is down while hooks fire: each failed background http hook run is kept
 * in `<session-id>.undelivered.jsonl` beside the transcript, with its payload, so no record is lost
 * (a review lost 13 of 60 records while its endpoint was down for 1.5 s).
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { afterEach, describe, expect, it } from "vitest";
import { modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { jsonLines, runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** An endpoint that answers every request with 503. */
async function downEndpoint(): Promise<number> {
  const server = http.createServer((_req, res) => {
    res.statusCode = 503;
    res.end("down");
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

describe("failed background http hook runs are kept", () => {
  it("each PostToolUse record an endpoint refused is in the session's undelivered spool, payload and all, and stderr says where", async () => {
    const box = sandbox();
    const port = await downEndpoint();
    box.json(`${box.home}/settings.json`, {
      httpHookAllowedHosts: [`127.0.0.1:${port}`],
      hooks: { PostToolUse: [{ type: "http", url: `http://127.0.0.1:${port}/audit`, name: "audit" }] },
    });
    const server = await modelServer([
      reply.toolCall("bash", { command: "echo one" }, "c1"),
      reply.toolCall("bash", { command: "echo two" }, "c2"),
      reply.text("done"),
    ]);
    const r = await runCli(
      ["-p", "go", "--permission-mode", "bypassPermissions", "--output-format", "json", "--cwd", box.project],
      {
        env: modelEnv(server, box.home),
      },
    );
    expect(r.code).toBe(0);
    const sessionId = JSON.parse(r.stdout).session_id as string;
    const projects = path.join(box.home, "projects");
    const [slug] = fs.readdirSync(projects);
    const spool = path.join(projects, slug as string, `${sessionId}.undelivered.jsonl`);
    expect(r.stderr).toContain(`a background http hook run that fails is kept in ${spool}`);
    const kept = jsonLines(fs.readFileSync(spool, "utf8"));
    // Background runs finish in any order.
    const rows = kept.map((k) => [
      k.state,
      k.event,
      k.hook,
      k.url,
      (k.payload as { tool_use_id?: string }).tool_use_id,
    ]);
    expect(rows.sort((a, b) => String(a[4]).localeCompare(String(b[4])))).toEqual([
      ["failed", "PostToolUse", "audit", `http://127.0.0.1:${port}/audit`, "c1"],
      ["failed", "PostToolUse", "audit", `http://127.0.0.1:${port}/audit`, "c2"],
    ]);
    expect(kept[0]?.error).toContain("503");
  });
});
