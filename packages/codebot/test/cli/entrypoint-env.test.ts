/**
 * `CLAUDE_CODE_ENTRYPOINT`, how the session was started, as claude 2.1.328 tells its Bash tool and
 * its hooks (recorded: `sdk-cli` under `-p`; read from its code: `cli` in the terminal, an inherited
 * value kept but for `cli` under `-p`). steeef/claude-hooks' worktree guard reads it: under `sdk-*`
 * it lets an edit through where a terminal session gets its deny-then-ask speed bump.
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { waitFor } from "../support/wait-for.js";
import { modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";
import { startSession } from "./support/terminal-session.js";

useBuiltCli();

const LOG = 'echo "$CLAUDE_CODE_ENTRYPOINT"';

/** A box whose PreToolUse hook writes the variable to hook.txt; the model runs `bash` printing it. */
async function setUp() {
  const box = sandbox();
  const hookFile = path.join(box.home, "hook.txt");
  box.json(path.join(box.home, ".claude/settings.json"), {
    permissions: { allow: ["Bash"] },
    hooks: { PreToolUse: [{ hooks: [{ type: "command", command: `${LOG} > ${hookFile}` }] }] },
  });
  const server = await modelServer([reply.toolCall("bash", { command: LOG }), reply.text("done")]);
  const told = () => ({
    hook: fs.readFileSync(hookFile, "utf8").trim(),
    bash: server.requests[1]?.body?.messages?.at(-1)?.content?.[0]?.content,
  });
  return { box, server, told };
}

describe("CLAUDE_CODE_ENTRYPOINT", { timeout: 120_000 }, () => {
  it("is sdk-cli for the hooks and the commands of a -p run", async () => {
    const { box, server, told } = await setUp();
    const r = await runCli(["-p", "go", "--cwd", box.project], { env: modelEnv(server, box.home) });
    expect(r.code, r.stderr).toBe(0);
    expect(told()).toEqual({ hook: "sdk-cli", bash: "sdk-cli" });
  });

  it("keeps the one an Agent SDK program started codebot with (sdk-ts); an inherited cli becomes sdk-cli under -p", async () => {
    for (const [inherited, seen] of [
      ["sdk-ts", "sdk-ts"],
      ["cli", "sdk-cli"],
    ]) {
      const { box, server, told } = await setUp();
      const env = modelEnv(server, box.home, { CLAUDE_CODE_ENTRYPOINT: inherited as string });
      const r = await runCli(["-p", "go", "--cwd", box.project], { env });
      expect(r.code, r.stderr).toBe(0);
      expect(told(), inherited).toEqual({ hook: seen, bash: seen });
    }
  });

  it("is cli in the terminal's session", async () => {
    const { box, server, told } = await setUp();
    const term = await startSession(box, server);
    term.submit("go");
    await waitFor(() => server.requests.length === 2);
    await term.waitForScreen("done");
    expect(told()).toEqual({ hook: "cli", bash: "cli" });
  });

  it("is sdk-cli for the WorktreeCreate hooks of a -p -w run, which fire before the session exists", async () => {
    const box = sandbox();
    const made = path.join(box.home, "made-worktree");
    const hookFile = path.join(box.home, "create.txt");
    box.json(path.join(box.home, ".claude/settings.json"), {
      hooks: {
        WorktreeCreate: [
          { hooks: [{ type: "command", command: `${LOG} > ${hookFile}; mkdir -p ${made}; echo ${made}` }] },
        ],
      },
    });
    const server = await modelServer([reply.text("done")]);
    const r = await runCli(["-p", "go", "-w", "feat", "--cwd", box.project], {
      env: modelEnv(server, box.home),
    });
    expect(r.code, r.stderr).toBe(0);
    expect(fs.readFileSync(hookFile, "utf8").trim()).toBe("sdk-cli");
  });

  it('is not set with "claudeCompat": false', async () => {
    const { box, server, told } = await setUp();
    // claude's settings are not read then: the hook and the allow rule are codebot's own.
    box.json(path.join(box.home, "settings.json"), {
      claudeCompat: false,
      permissions: { allow: ["Bash"] },
      hooks: {
        PreToolUse: [
          { hooks: [{ type: "command", command: `${LOG} > ${path.join(box.home, "hook.txt")}` }] },
        ],
      },
    });
    const r = await runCli(["-p", "go", "--cwd", box.project], { env: modelEnv(server, box.home) });
    expect(r.code, r.stderr).toBe(0);
    expect(told()).toEqual({ hook: "", bash: "" });
  });
});
