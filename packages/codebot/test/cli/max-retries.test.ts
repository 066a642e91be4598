/**
 * CLAUDE_CODE_MAX_RETRIES: how often a failed model call is tried again, as claude 2.1.328 reads
 * it (from the process or the settings' `env`); unset, claude's 10.
 */
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

const failing = () =>
  reply.httpError(500, { message: "Internal server error", headers: { "retry-after-ms": "1" } });

/** One `-p` run against a server that fails `failures` times, then answers; what came of it. */
async function run(setup: { env?: Record<string, string>; user?: unknown }, failures = 5) {
  const box = sandbox();
  if (setup.user !== undefined) box.json(path.join(box.home, ".claude/settings.json"), setup.user);
  const server = await modelServer([...Array.from({ length: failures }, failing), reply.text("ok")]);
  const r = await runCli(["-p", "go", "--cwd", box.project], { env: modelEnv(server, box.home, setup.env) });
  return { ...r, requests: server.requests.length };
}

describe("CLAUDE_CODE_MAX_RETRIES", { timeout: 60_000 }, () => {
  it("0: a failed call is not tried again", async () => {
    const r = await run({ env: { CLAUDE_CODE_MAX_RETRIES: "0" } });
    expect(r.code).toBe(1);
    expect(r.requests).toBe(1);
    expect(r.stderr).toMatch(/^codebot: model: status 500: Internal server error\./m);
  });

  it("5 in the settings' env: tried until the server answers", async () => {
    const r = await run({ user: { env: { CLAUDE_CODE_MAX_RETRIES: "5" } } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe("ok\n");
    expect(r.requests).toBe(6);
  });

  it("unset: claude 2.1.328's 10 retries (recorded: 11 requests)", async () => {
    const r = await run({}, 11);
    expect(r.code).toBe(1);
    expect(r.requests).toBe(11);
  });

  it("a sub-agent's calls are retried as the main agent's: with 0, its failure goes back to the main agent at once", async () => {
    const box = sandbox();
    const server = await modelServer([
      reply.toolCall("agent", { subagent_type: "general-purpose", prompt: "look around" }),
      failing(),
      reply.text("main done"),
    ]);
    const r = await runCli(["-p", "go", "--cwd", box.project, "--permission-mode", "bypassPermissions"], {
      env: modelEnv(server, box.home, { CLAUDE_CODE_MAX_RETRIES: "0" }),
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe("main done\n");
    expect(server.requests).toHaveLength(3);
  });

  it("more than 15 is 15, as claude 2.1.328 takes it (recorded), and said", async () => {
    const r = await run({ env: { CLAUDE_CODE_MAX_RETRIES: "20" } }, 20);
    expect(r.code).toBe(1);
    expect(r.requests).toBe(16);
    expect(r.stderr).toContain("codebot: CLAUDE_CODE_MAX_RETRIES=20 clamped to 15");
  });

  it("a value that is not a whole number is said and the default kept", async () => {
    const r = await run({ env: { CLAUDE_CODE_MAX_RETRIES: "lots" } }, 11);
    expect(r.stderr).toContain(
      "codebot: CLAUDE_CODE_MAX_RETRIES=lots is not a whole number from 0; 10 is used",
    );
    expect(r.requests).toBe(11);
  });
});
