/**
 * Issue 11's "done when": a Claude Code user's setup (`.claude/settings.json`, `~/.claude`,
 * plugins Claude Code installed, its permission rules and command line) works in codebot on the
 * first run, through the built CLI, a loopback model, and HOME set to a temporary folder.
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { installPluginAsClaudeCodeDid } from "./support/claude-plugin-install.js";
import { modelEnv, modelServer, requestText, type Sandbox, sandbox } from "./support/cli-fixtures.js";
import { cliEnv, jsonLines, runCli, useBuiltCli } from "./support/cli-process.js";
import { TmuxSession } from "./support/tmux.js";

useBuiltCli();

/** A guard written for Claude Code: reads tool_input.command from the payload, refuses rm -rf. */
const GUARD = `#!/bin/sh
payload=$(cat)
case "$payload" in
  *'"tool_input":{"command":"rm -rf'*) echo "blocked by the project guard: no rm -rf" >&2; exit 2 ;;
esac
exit 0
`;

function claudeProject(box: Sandbox): void {
  box.write(".claude/hooks/guard.sh", GUARD);
  fs.chmodSync(box.at(".claude/hooks/guard.sh"), 0o755);
  box.json(".claude/settings.json", {
    hooks: {
      PreToolUse: [
        {
          matcher: "Bash",
          hooks: [{ type: "command", command: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh' }],
        },
      ],
    },
  });
  fs.mkdirSync(box.at("victim"));
}

const rmVictim = () => reply.toolCall("bash", { command: "rm -rf victim" }, "rm-1");

/** The plugin installed as Claude Code did, but switched on by the project's .claude/settings.json only. */
function installedButEnabledByProject(box: Sandbox): void {
  const { claudeHome } = installPluginAsClaudeCodeDid(box);
  const userSettings = path.join(claudeHome, "settings.json");
  const { enabledPlugins, ...rest } = JSON.parse(fs.readFileSync(userSettings, "utf8"));
  box.json(userSettings, rest);
  box.json(".claude/settings.json", { enabledPlugins });
}

describe("a Claude Code project works on the first run", () => {
  it("hooks list shows .claude/settings.json hooks; untrusted, -p says so and the guard refuses rm -rf; trusted, the model reads the guard's stderr", async () => {
    const box = sandbox();
    claudeProject(box);
    const list = await runCli(["hooks", "list", "--cwd", box.project], { env: cliEnv(box.home) });
    expect(list.stdout).toContain(".claude/settings.json");
    expect(list.stdout).toContain('"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh');

    const server = await modelServer([
      rmVictim(),
      reply.text("could not"),
      rmVictim(),
      reply.text("refused"),
    ]);
    const args = ["-p", "clean up", "--dangerously-skip-permissions", "--cwd", box.project];
    const untrusted = await runCli(args, { env: modelEnv(server, box.home) });
    expect(untrusted.code).toBe(0);
    expect(fs.existsSync(box.at("victim"))).toBe(true);
    expect(untrusted.stderr).toContain(
      'codebot: 1 project hook was not run because it is not trusted (.claude/settings.json); run "codebot hooks trust" to review them',
    );
    expect(requestText(server.requests[1])).toContain("hook not approved");

    const trust = await runCli(["hooks", "trust", "--yes", "--cwd", box.project], { env: cliEnv(box.home) });
    expect(trust.code).toBe(0);
    const trusted = await runCli(args, { env: modelEnv(server, box.home) });
    expect(trusted.code).toBe(0);
    expect(trusted.stderr).not.toContain("not trusted");
    expect(fs.existsSync(box.at("victim"))).toBe(true);
    expect(requestText(server.requests[3])).toContain("blocked by the project guard: no rm -rf");
  });

  it("an untrusted Stop hook costs no model call: one request, exit 0, the notice on stderr", async () => {
    const box = sandbox();
    box.json(".claude/settings.json", {
      hooks: { Stop: [{ hooks: [{ type: "command", command: "echo 'keep going' >&2; exit 2" }] }] },
    });
    const server = await modelServer([reply.text("done"), reply.text("second"), reply.text("third")]);
    const r = await runCli(["-p", "hi", "--cwd", box.project], { env: modelEnv(server, box.home) });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("done\n");
    expect(server.requests).toHaveLength(1);
    expect(r.stderr).toContain(
      "1 project hook was not run because it is not trusted (.claude/settings.json)",
    );
    expect(requestText(server.requests[0])).not.toContain("hooks trust");
  });

  it("~/.claude/settings.json hooks are the user's own: they run without any approval", async () => {
    const box = sandbox();
    box.json(path.join(box.home, ".claude/settings.json"), {
      hooks: { UserPromptSubmit: [{ hooks: [{ type: "command", command: "echo 'from ~/.claude'" }] }] },
    });
    const server = await modelServer([reply.text("ok")]);
    const r = await runCli(["-p", "hi", "--cwd", box.project], { env: modelEnv(server, box.home) });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe("");
    expect(requestText(server.requests[0])).toContain("from ~/.claude");
  });

  it("ANTHROPIC_BASE_URL and ANTHROPIC_API_KEY in ~/.claude/settings.json env reach the model, as in Claude Code", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("through the settings' gateway")]);
    box.json(path.join(box.home, ".claude/settings.json"), {
      env: { ANTHROPIC_BASE_URL: server.anthropicBaseUrl, ANTHROPIC_API_KEY: "key-from-settings" },
    });
    const r = await runCli(["-p", "hi", "--cwd", box.project], { env: cliEnv(box.home) });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("through the settings' gateway\n");
    expect(server.requests[0]?.headers["x-api-key"]).toBe("key-from-settings");
  });

  it("ANTHROPIC_MODEL in ~/.claude/settings.json env picks the model, an alias or a gateway's own id", async () => {
    for (const [value, sent] of [
      ["opus", "claude-opus-4-1"],
      ["gateway-sonnet-fast", "gateway-sonnet-fast"],
    ]) {
      const box = sandbox();
      const server = await modelServer([reply.text("ok")]);
      box.json(path.join(box.home, ".claude/settings.json"), {
        env: { ANTHROPIC_BASE_URL: server.anthropicBaseUrl, ANTHROPIC_API_KEY: "k", ANTHROPIC_MODEL: value },
      });
      const r = await runCli(["-p", "hi", "--cwd", box.project], { env: cliEnv(box.home) });
      expect(r.code).toBe(0);
      expect(server.requests[0]?.body?.model).toBe(sent);
    }
  });

  it('"claudeCompat": false in ~/.codebot/settings.json leaves Claude Code\'s files unread', async () => {
    const box = sandbox();
    box.json(path.join(box.home, ".claude/settings.json"), {
      hooks: { UserPromptSubmit: [{ hooks: [{ type: "command", command: "echo 'from ~/.claude'" }] }] },
    });
    box.json(path.join(box.home, "settings.json"), { claudeCompat: false });
    const server = await modelServer([reply.text("ok")]);
    const r = await runCli(["-p", "hi", "--cwd", box.project], {
      env: modelEnv(server, box.home, { CODEBOT_HOME: box.home }),
    });
    expect(r.code).toBe(0);
    expect(requestText(server.requests[0])).not.toContain("from ~/.claude");
  });
});

describe("plugins installed by Claude Code", () => {
  it("run with no codebot configuration, with CLAUDE_PLUGIN_ROOT and CLAUDE_PLUGIN_DATA as Claude Code sets them", async () => {
    const box = sandbox();
    const { claudeHome, root } = installPluginAsClaudeCodeDid(box);
    const server = await modelServer([reply.toolCall("bash", { command: "ls" }, "b-1"), reply.text("done")]);
    const r = await runCli(["-p", "list", "--dangerously-skip-permissions", "--cwd", box.project], {
      env: modelEnv(server, box.home),
    });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe("");
    const data = path.join(claudeHome, "plugins/data/guard-local-market");
    expect(requestText(server.requests[1])).toContain(`guard from ${root} data ${data}`);
    expect(fs.statSync(data).isDirectory()).toBe(true);
  });

  it("a plugin enabled only in the project's .claude/settings.json runs once the project is trusted", async () => {
    const box = sandbox();
    installedButEnabledByProject(box);
    const server = await modelServer([
      reply.toolCall("bash", { command: "ls" }, "b-1"),
      reply.text("done"),
      reply.toolCall("bash", { command: "ls" }, "b-2"),
      reply.text("done"),
    ]);
    const args = ["-p", "list", "--dangerously-skip-permissions", "--cwd", box.project];
    const untrusted = await runCli(args, { env: modelEnv(server, box.home) });
    expect(untrusted.stderr).toContain("1 project hook was not run because it is not trusted");
    expect(requestText(server.requests[1])).toContain("hook not approved");
    await runCli(["hooks", "trust", "--yes", "--cwd", box.project], { env: cliEnv(box.home) });
    const trusted = await runCli(args, { env: modelEnv(server, box.home) });
    expect(trusted.stderr).toBe("");
    expect(requestText(server.requests[3])).toContain("guard from ");
  });

  it("the consent listing of a plugin enabled only by the project reads ${CLAUDE_PLUGIN_ROOT} as the plugin's folder", async () => {
    const box = sandbox();
    installedButEnabledByProject(box);
    const list = await runCli(["hooks", "list", "--cwd", box.project], { env: cliEnv(box.home) });
    expect(list.stdout).toContain("${CLAUDE_PLUGIN_ROOT}/hooks/guard.sh");
    expect(list.stdout).not.toContain("cannot check");
  });

  it("a project switching off the user's plugin counts only once trusted: until then the plugin runs and the grant is named", async () => {
    const box = sandbox();
    installPluginAsClaudeCodeDid(box);
    box.json(".claude/settings.json", { enabledPlugins: { "guard@local-market": false } });
    const server = await modelServer([
      reply.toolCall("bash", { command: "echo ran" }, "b-1"),
      reply.text("done"),
      reply.toolCall("bash", { command: "echo ran" }, "b-2"),
      reply.text("done"),
    ]);
    const args = ["-p", "list", "--dangerously-skip-permissions", "--cwd", box.project];
    const untrusted = await runCli(args, { env: modelEnv(server, box.home) });
    expect(untrusted.code).toBe(0);
    expect(requestText(server.requests[1])).toContain("guard from");
    expect(untrusted.stderr).toContain("disablePlugin:guard@local-market");

    await runCli(["hooks", "trust", "--yes", "--cwd", box.project], { env: cliEnv(box.home) });
    const trusted = await runCli(args, { env: modelEnv(server, box.home) });
    expect(trusted.code).toBe(0);
    expect(requestText(server.requests[3])).toContain("ran");
    expect(requestText(server.requests[3])).not.toContain("guard from");
  });

  it("the user's own settings switching a plugin off: it does not load", async () => {
    const box = sandbox();
    const { claudeHome } = installPluginAsClaudeCodeDid(box);
    box.json(path.join(claudeHome, "settings.json"), { enabledPlugins: { "guard@local-market": false } });
    const server = await modelServer([
      reply.toolCall("bash", { command: "echo ran" }, "b-1"),
      reply.text("done"),
    ]);
    const r = await runCli(["-p", "list", "--dangerously-skip-permissions", "--cwd", box.project], {
      env: modelEnv(server, box.home),
    });
    expect(r.code).toBe(0);
    expect(requestText(server.requests[1])).toContain("ran");
    expect(requestText(server.requests[1])).not.toContain("guard from");
  });
});

describe("Claude Code's permission rules", () => {
  it("a deny rule stops rm -rf under --dangerously-skip-permissions and lists it in permission_denials", async () => {
    const box = sandbox();
    box.json(".claude/settings.json", { permissions: { deny: ["Bash(rm:*)"] } });
    fs.mkdirSync(box.at("x"));
    const server = await modelServer([
      reply.toolCall("bash", { command: "cd . && rm -rf x" }, "rm-1"),
      reply.text("refused"),
    ]);
    const r = await runCli(
      ["-p", "clean", "--dangerously-skip-permissions", "--output-format", "json", "--cwd", box.project],
      { env: modelEnv(server, box.home) },
    );
    expect(r.code).toBe(0);
    expect(fs.existsSync(box.at("x"))).toBe(true);
    const result = JSON.parse(r.stdout);
    expect(result.permission_denials).toEqual([
      { tool_name: "Bash", tool_use_id: "rm-1", tool_input: { command: "cd . && rm -rf x" } },
    ]);
    expect(requestText(server.requests[1])).toContain('refused by the deny rule \\"Bash(rm:*)\\"');
  });

  it("Bash(echo:*) allows echo in -p default mode; a redirection to a file needs its own approval, as in Claude Code", async () => {
    const box = sandbox();
    box.json(".claude/settings.json", { permissions: { allow: ["Bash(echo:*)"] } });
    await runCli(["hooks", "trust", "--yes", "--cwd", box.project], { env: cliEnv(box.home) });
    const server = await modelServer([
      reply.toolCall("bash", { command: "echo hi && echo there" }, "e-1"),
      reply.toolCall("bash", { command: "echo hi > out.txt" }, "e-2"),
      reply.text("done"),
    ]);
    const r = await runCli(["-p", "say hi", "--output-format", "json", "--cwd", box.project], {
      env: modelEnv(server, box.home),
    });
    expect(r.code).toBe(0);
    expect(requestText(server.requests[1])).toContain("hi\\nthere");
    expect(fs.existsSync(box.at("out.txt"))).toBe(false);
    expect(JSON.parse(r.stdout).permission_denials).toEqual([
      { tool_name: "Bash", tool_use_id: "e-2", tool_input: { command: "echo hi > out.txt" } },
    ]);
  });

  it("--allowedTools and --disallowedTools are rule lists of the run", async () => {
    const box = sandbox();
    const server = await modelServer([
      reply.toolCall("bash", { command: "echo allowed" }, "a-1"),
      reply.toolCall("write", { file_path: "w.txt", content: "x" }, "w-1"),
      reply.text("done"),
    ]);
    const r = await runCli(
      [
        "-p",
        "go",
        "--cwd",
        box.project,
        "--allowedTools",
        "Bash(echo:*),Write",
        "--disallowedTools",
        "Write(*.txt)",
      ],
      { env: modelEnv(server, box.home) },
    );
    expect(r.code).toBe(0);
    expect(requestText(server.requests[1])).toContain("allowed");
    expect(fs.existsSync(box.at("w.txt"))).toBe(false);
    expect(requestText(server.requests[2])).toContain('refused by the deny rule \\"Write(*.txt)\\"');
  });
});

describe("the command line a Claude Code user types", () => {
  it('git diff | codebot -p "review" sends the prompt, then the piped text', async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("looks fine")]);
    const r = await runCli(["-p", "review", "--cwd", box.project], {
      env: modelEnv(server, box.home),
      input: "diff --git a/x b/x\n+added line\n",
    });
    expect(r.code).toBe(0);
    const user = server.requests[0]?.body.messages.at(-1);
    expect(JSON.stringify(user)).toContain("review\\ndiff --git a/x b/x\\n+added line\\n");
  });

  it("takes the prompt at the end, --verbose, --model aliases, and the system prompt flags", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("one"), reply.text("two")]);
    const env = modelEnv(server, box.home);
    const first = await runCli(
      [
        "-p",
        "--verbose",
        "--model",
        "haiku",
        "--append-system-prompt",
        "ALWAYS BE BRIEF",
        "--cwd",
        box.project,
        "hello",
      ],
      { env },
    );
    expect(first.code).toBe(0);
    const body = server.requests[0]?.body;
    expect(body.model).toBe("claude-haiku-4-5");
    expect(JSON.stringify(body.system)).toContain("ALWAYS BE BRIEF");
    expect(JSON.stringify(body.system)).toContain(box.project);
    expect(requestText(server.requests[0])).toContain("hello");
    const second = await runCli(
      ["-p", "hi", "--model", "claude-opus-4-1", "--system-prompt", "ONLY THIS", "--cwd", box.project],
      { env },
    );
    expect(second.code).toBe(0);
    expect(server.requests[1]?.body.model).toBe("claude-opus-4-1");
    expect(server.requests[1]?.body.system).toEqual([{ type: "text", text: "ONLY THIS" }]);
  });

  it("accepts every permission mode of Claude Code, by its name", async () => {
    const box = sandbox();
    const modes = ["default", "acceptEdits", "plan", "auto", "bypassPermissions", "dontAsk"];
    const server = await modelServer(modes.map(() => reply.text("ok")));
    for (const mode of modes) {
      const r = await runCli(
        ["-p", "hi", "--permission-mode", mode, "--output-format", "stream-json", "--cwd", box.project],
        {
          env: modelEnv(server, box.home),
        },
      );
      expect(r.code, `${mode}: ${r.stderr}`).toBe(0);
      const expected = mode;
      expect(jsonLines(r.stdout)[0]?.permissionMode, mode).toBe(expected);
    }
  });

  it("a flag neither claude nor codebot has is an unknown option", async () => {
    const box = sandbox();
    const r = await runCli(["-p", "hi", "--made-up-flag", "--cwd", box.project], {
      env: cliEnv(box.home),
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe("error: unknown option '--made-up-flag'\n(run codebot --help for usage)\n");
  });

  it("a Claude Code flag that needs Anthropic's services is one line saying what it does", async () => {
    const box = sandbox();
    const r = await runCli(["-p", "hi", "--cloud", "fix the build", "--cwd", box.project], {
      env: cliEnv(box.home),
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      "codebot: --cloud (a Claude Code flag) runs the session in Anthropic's cloud; codebot does not do that\n",
    );
  });

  it("--brief runs the session without a SendUserMessage tool (as claude -p), saying so once", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("one")]);
    const r = await runCli(["-p", "hi", "--brief", "--cwd", box.project], {
      env: modelEnv(server, box.home),
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe("one\n");
    expect(r.stderr).toBe(
      "codebot: --brief: codebot has no SendUserMessage tool; the model's messages are its answer text\n",
    );
    expect(JSON.stringify(server.requests[0]?.body.tools)).not.toContain("SendUserMessage");
  });

  it("--ide and --chrome run the session, saying once that codebot has no such integration; --no-chrome says nothing", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("one"), reply.text("two")]);
    const r = await runCli(["-p", "hi", "--ide", "--chrome", "--cwd", box.project], {
      env: modelEnv(server, box.home),
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe("one\n");
    expect(r.stderr).toBe(
      "codebot: --ide: codebot has no IDE integration; going on without one\ncodebot: --chrome: codebot has no Chrome integration; going on without it\n",
    );
    const quiet = await runCli(["-p", "hi", "--no-chrome", "--cwd", box.project], {
      env: modelEnv(server, box.home),
    });
    expect(quiet.code, quiet.stderr).toBe(0);
    expect(quiet.stdout).toBe("two\n");
    expect(quiet.stderr).toBe("");
  });

  it('codebot "prompt" starts the interactive session with that prompt', { timeout: 120_000 }, async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("answer to the first prompt")]);
    const term = TmuxSession.start({ dir: box.project, env: modelEnv(server, box.home), args: ["fix it"] });
    await term.waitForScreen(/answer to the first prompt\n›\s*$/m);
    expect(requestText(server.requests[0])).toContain("fix it");
    term.press("C-d", "C-d");
    expect(await term.exitCode()).toBe(0);
  });
});
