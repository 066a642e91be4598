/**
 * Values claude 2.1.328 accepts in a settings file that codebot once refused with a warning
 * (recorded with claude `-p`): `"defaultMode": "manual"` (its schema: "'manual' is accepted as an
 * alias for 'default'"; the session started in `default`, and so did `--permission-mode manual`),
 * an `env` value that is a number or a boolean (its bash saw `NUM=2 BOOL=true`), and an http hook's
 * `cloud` (in its settings schema, as on a command hook). A Claude Code user's settings load
 * without false warnings.
 */
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, requestText, sandbox } from "./support/cli-fixtures.js";
import { cliEnv, runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

/** The `permissionMode` of a `-p … --output-format stream-json` run's init line. */
function initMode(stdout: string): unknown {
  const init = stdout
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line))
    .find((line) => line.type === "system" && line.subtype === "init");
  return init?.permissionMode;
}

describe("values claude accepts in its settings", { timeout: 120_000 }, () => {
  it('"defaultMode": "manual" is claude\'s default mode, read without a warning', async () => {
    const box = sandbox();
    box.json(path.join(box.home, ".claude/settings.json"), { permissions: { defaultMode: "manual" } });
    const server = await modelServer([reply.text("done")]);
    const args = ["-p", "go", "--output-format", "stream-json", "--verbose", "--cwd", box.project];
    const r = await runCli(args, { env: modelEnv(server, box.home) });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe("");
    expect(initMode(r.stdout)).toBe("default");
  });

  it("--permission-mode manual starts in the default mode, as claude's does", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("done")]);
    const args = ["-p", "go", "--permission-mode", "manual", "--output-format", "stream-json", "--verbose"];
    const r = await runCli([...args, "--cwd", box.project], { env: modelEnv(server, box.home) });
    expect(r.code, r.stderr).toBe(0);
    expect(initMode(r.stdout)).toBe("default");
  });

  it("an env value that is a number or a boolean is set as its text, without a warning", async () => {
    const box = sandbox();
    box.json(path.join(box.home, ".claude/settings.json"), {
      env: { NUM: 2, BOOL: true },
      permissions: { allow: ["Bash"] },
    });
    const server = await modelServer([
      reply.toolCall("bash", { command: 'echo "NUM=$NUM BOOL=$BOOL"' }),
      reply.text("done"),
    ]);
    const r = await runCli(["-p", "go", "--cwd", box.project], { env: modelEnv(server, box.home) });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe("");
    expect(requestText(server.requests[1])).toContain("NUM=2 BOOL=true");
  });

  it("an http hook's \"cloud\" is accepted without a warning, as a command hook's is", async () => {
    const box = sandbox();
    box.json(path.join(box.home, ".claude/settings.json"), {
      hooks: {
        PreToolUse: [
          { matcher: "Bash", hooks: [{ type: "http", url: "https://hooks.example/x", cloud: "skip" }] },
        ],
      },
    });
    const r = await runCli(["hooks", "validate", "--cwd", box.project], { env: cliEnv(box.home) });
    expect(r.code, r.stdout).toBe(0);
    expect(r.stdout).toContain("1 settings file, 1 hook: 0 error(s), 0 warning(s)");
  });
});
