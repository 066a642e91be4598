/**
 * What a session loads of Node itself: not Node's bundled undici (the platform's fetch classes),
 * whose first use costs 25–40 ms of start-up. The model is reached through agentcore's httpFetch,
 * and the AI SDK is given agentcore's HttpHeaders in the bundle (scripts/bundle.mjs).
 */
import fs from "node:fs";
import path from "node:path";
import { reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

/** A preload that writes, at exit, which of Node's undici modules the process loaded. */
function undiciProbe(dir: string): { preload: string; report: string } {
  const report = path.join(dir, "undici-modules.json");
  const preload = path.join(dir, "undici-probe.cjs");
  fs.writeFileSync(
    preload,
    `process.on("exit", () => require("node:fs").writeFileSync(${JSON.stringify(report)}, JSON.stringify(process.moduleLoadList.filter((m) => m.includes("undici")))));\n`,
  );
  return { preload, report };
}

describe("a -p session", () => {
  it("answers after a tool call without loading Node's bundled undici", async () => {
    const box = sandbox();
    const probe = undiciProbe(box.home);
    const server = await modelServer([
      reply.toolCalls(toolCall("bash", { command: "echo hi" }, "c1")),
      reply.text("all done"),
    ]);
    const r = await runCli(["-p", "go", "--permission-mode", "auto", "--cwd", box.project], {
      env: modelEnv(server, box.home, { NODE_OPTIONS: `--require ${probe.preload}` }),
    });
    expect(r.stdout).toBe("all done\n");
    expect(r.code).toBe(0);
    expect(server.requests.length).toBe(2);
    expect(JSON.parse(fs.readFileSync(probe.report, "utf8"))).toEqual([]);
  });
});
