/**
 * Setup (Claude Code's `--init`, `--init-only`, `--maintenance`): fired by the CLI with a real
 * hook script, before SessionStart, matched on `trigger`; a Claude Code group's context reaches
 * the model with the first prompt.
 */
import fs from "node:fs";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { command, modelEnv, modelServer, requestText, sandbox } from "./support/cli-fixtures.js";
import { cliEnv, expectNoStackTrace, runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

function lines(file: string): Record<string, unknown>[] {
  return fs
    .readFileSync(file, "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));
}

describe("Setup hooks", () => {
  it("--init-only runs Setup (trigger init), then SessionStart, and exits 0 without calling a model", async () => {
    const box = sandbox();
    const log = box.at("events.jsonl");
    const settings = box.json("s.json", {
      hooks: {
        Setup: [
          { matcher: "init", hooks: [command(`cat >> ${log}; sleep 0.3`)] },
          { matcher: "maintenance", hooks: [command(`touch ${box.at("maintenance-ran")}`)] },
        ],
        SessionStart: [{ hooks: [command(`cat >> ${log}`)] }],
      },
    });
    // No API key and no model server: the model is never needed.
    const r = await runCli(["--init-only", "--settings", settings, "--cwd", box.project], {
      env: cliEnv(box.home),
    });
    expectNoStackTrace(r.stderr);
    expect(r.code).toBe(0);
    const events = lines(log);
    expect(events.map((e) => e.hook_event_name)).toEqual(["Setup", "SessionStart"]);
    expect(events[0]).toMatchObject({ trigger: "init", cwd: box.project });
    expect(fs.existsSync(box.at("maintenance-ran"))).toBe(false);
  });

  it("-p --maintenance: the Setup group matching maintenance runs and its stdout is context of the first prompt", async () => {
    const box = sandbox();
    const settings = box.json("s.json", {
      hooks: {
        Setup: [
          { matcher: "maintenance", hooks: [command("echo 'caches were rebuilt at setup'")] },
          { matcher: "init", hooks: [command(`touch ${box.at("init-ran")}`)] },
        ],
      },
    });
    const server = await modelServer([reply.text("ok")]);
    const r = await runCli(["-p", "hi", "--maintenance", "--settings", settings, "--cwd", box.project], {
      env: modelEnv(server, box.home),
    });
    expect(r.code).toBe(0);
    expect(requestText(server.requests[0])).toContain("caches were rebuilt at setup");
    expect(fs.existsSync(box.at("init-ran"))).toBe(false);
  });

  it("without --init, --init-only or --maintenance no Setup hook runs", async () => {
    const box = sandbox();
    const settings = box.json("s.json", {
      hooks: { Setup: [{ hooks: [command(`touch ${box.at("setup-ran")}`)] }] },
    });
    const server = await modelServer([reply.text("ok")]);
    const r = await runCli(["-p", "hi", "--settings", settings, "--cwd", box.project], {
      env: modelEnv(server, box.home),
    });
    expect(r.code).toBe(0);
    expect(fs.existsSync(box.at("setup-ran"))).toBe(false);
  });
});
