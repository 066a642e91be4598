/**
 * Claude Code's `apiKeyHelper` through the built CLI: the user's command prints the Anthropic key
 * the model calls send, when the environment has none of its own.
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelServer, type Sandbox, sandbox } from "./support/cli-fixtures.js";
import { cliEnv, expectNoStackTrace, runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

/** `apiKeyHelper` in the user's Claude Code settings, a script that counts its runs. */
function helper(
  box: Sandbox,
  body: string,
  settingsFile = path.join(box.home, ".claude/settings.json"),
): string {
  const script = box.write(
    path.join(box.home, "key.sh"),
    `#!/bin/sh\necho run >> ${path.join(box.home, "runs")}\n${body}\n`,
  );
  fs.chmodSync(script, 0o755);
  box.json(settingsFile, { apiKeyHelper: script });
  return script;
}

describe("apiKeyHelper", () => {
  it("its output is the API key when no ANTHROPIC_API_KEY is set, run once for the session", async () => {
    const box = sandbox();
    helper(box, "echo sk-from-vault");
    const server = await modelServer([reply.text("hi")]);
    const r = await runCli(["-p", "go", "--model", "anthropic/claude-sonnet-4-5"], {
      cwd: box.project,
      env: cliEnv(box.home, { ANTHROPIC_BASE_URL: server.anthropicBaseUrl }),
    });
    expect(r.stdout).toBe("hi\n");
    expect(server.requests.map((q) => q.headers["x-api-key"])).toEqual(["sk-from-vault"]);
    expect(fs.readFileSync(path.join(box.home, "runs"), "utf8")).toBe("run\n");
  });

  it("an ANTHROPIC_API_KEY in the environment comes first: the helper does not run", async () => {
    const box = sandbox();
    helper(box, "echo sk-from-vault");
    const server = await modelServer([reply.text("hi")]);
    await runCli(["-p", "go", "--model", "anthropic/claude-sonnet-4-5"], {
      cwd: box.project,
      env: cliEnv(box.home, { ANTHROPIC_BASE_URL: server.anthropicBaseUrl, ANTHROPIC_API_KEY: "sk-env" }),
    });
    expect(server.requests.map((q) => q.headers["x-api-key"])).toEqual(["sk-env"]);
    expect(fs.existsSync(path.join(box.home, "runs"))).toBe(false);
  });

  it("a helper that fails stops the session with its exit code and first stderr line", async () => {
    const box = sandbox();
    const script = helper(box, "echo 'vault is locked' >&2; exit 4");
    const r = await runCli(["-p", "go", "--model", "anthropic/claude-sonnet-4-5"], {
      cwd: box.project,
      env: cliEnv(box.home, { ANTHROPIC_BASE_URL: "http://127.0.0.1:9" }),
    });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain(`apiKeyHelper failed (exit code 4: vault is locked): ${script}`);
    expectNoStackTrace(r.stderr);
  });

  it("in a project's settings it never runs, and a warning says so", async () => {
    const box = sandbox();
    helper(box, "echo sk-from-repo", box.at(".claude/settings.json"));
    const server = await modelServer([reply.text("hi")]);
    const r = await runCli(["-p", "go", "--model", "anthropic/claude-sonnet-4-5"], {
      cwd: box.project,
      env: cliEnv(box.home, { ANTHROPIC_BASE_URL: server.anthropicBaseUrl, ANTHROPIC_API_KEY: "sk-env" }),
    });
    expect(r.stderr).toContain("apiKeyHelper is only honoured in your user settings, not in a project's");
    expect(fs.existsSync(path.join(box.home, "runs"))).toBe(false);
  });
});
