/**
 * In the default mode, `-p` runs a bash line that only reads inside the project with no rule, as
 * Claude Code does (`ls`, `cat README.md | grep x`, `git status`), and still refuses what would
 * write, or a `git status` whose repository's own `.git/config` names a program git runs — which
 * Claude Code 2.1.328 runs unasked.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { tempDir } from "../support/temp-dirs.js";
import { modelEnv, modelServer, requestText, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

describe("bash lines that only read, in the default mode", { timeout: 60_000 }, () => {
  it("ls, cat | grep and git status run with no rule; touch and a git status running .git's fsmonitor are refused", async () => {
    const box = sandbox();
    box.write("README.md", "hello reader\n");
    execFileSync("git", ["init", "-q", box.project]);
    const server = await modelServer([
      reply.toolCalls(
        toolCall("bash", { command: "ls" }, "c1"),
        toolCall("bash", { command: "cat README.md | grep reader" }, "c2"),
        toolCall("bash", { command: "git status --short" }, "c3"),
        toolCall("bash", { command: "touch made" }, "c4"),
      ),
      reply.toolCalls(toolCall("bash", { command: "git config core.fsmonitor 'touch pwned; false'" }, "c5")),
      reply.toolCalls(toolCall("bash", { command: "git status" }, "c6")),
      reply.text("done"),
    ]);
    // The model's own `git config` is refused too: the test writes the repository's config itself.
    const r = await runCli(["-p", "go", "--cwd", box.project], { env: modelEnv(server, box.home) });
    expect(r.code).toBe(0);
    const first = requestText(server.requests[1]);
    expect(first).toContain("hello reader");
    expect(first).toContain("?? README.md");
    expect(first.split("permission denied: bash needs approval")).toHaveLength(2);
    expect(fs.existsSync(box.at("made"))).toBe(false);
    expect(requestText(server.requests[2])).toContain("permission denied: bash needs approval");

    execFileSync("git", ["-C", box.project, "config", "core.fsmonitor", "touch pwned; false"]);
    const again = await modelServer([
      reply.toolCalls(toolCall("bash", { command: "git status" }, "c7")),
      reply.text("done"),
    ]);
    const r2 = await runCli(["-p", "go", "--cwd", box.project], { env: modelEnv(again, box.home) });
    expect(r2.code).toBe(0);
    expect(requestText(again.requests[1])).toContain("permission denied: bash needs approval");
    expect(fs.existsSync(box.at("pwned"))).toBe(false);
  });

  it("plan mode runs a line that only reads; a guard hook matching bash, which cannot run in plan mode, refuses it", async () => {
    const box = sandbox();
    box.write("README.md", "plan reader\n");
    const server = await modelServer([
      reply.toolCalls(
        toolCall("bash", { command: "cat README.md" }, "c1"),
        toolCall("bash", { command: "touch x" }, "c2"),
      ),
      reply.text("done"),
    ]);
    const r = await runCli(["-p", "go", "--permission-mode", "plan", "--cwd", box.project], {
      env: modelEnv(server, box.home),
    });
    expect(r.code).toBe(0);
    expect(requestText(server.requests[1])).toContain("plan reader");
    expect(requestText(server.requests[1])).toContain("bash is not allowed in plan mode");
    expect(fs.existsSync(box.at("x"))).toBe(false);

    const settings = box.json("guard.json", {
      hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "touch guard-ran" }] }] },
    });
    const guarded = await modelServer([
      reply.toolCalls(toolCall("bash", { command: "cat README.md" }, "c3")),
      reply.text("done"),
    ]);
    const r2 = await runCli(
      ["-p", "go", "--permission-mode", "plan", "--settings", settings, "--cwd", box.project],
      {
        env: modelEnv(guarded, box.home),
      },
    );
    expect(r2.code).toBe(0);
    expect(requestText(guarded.requests[1])).not.toContain("plan reader");
    expect(fs.existsSync(box.at("guard-ran"))).toBe(false);
  });

  it("a subshell's redirection and a `..` after a symlink out of the project are refused", async () => {
    const box = sandbox();
    const outside = tempDir("codebot-outside-");
    fs.writeFileSync(path.join(outside, "secret"), "top secret\n");
    fs.mkdirSync(path.join(outside, "sub"));
    fs.symlinkSync(path.join(outside, "sub"), box.at("docs"));
    const server = await modelServer([
      reply.toolCalls(
        toolCall("bash", { command: "(echo pwned) > written" }, "c1"),
        toolCall("bash", { command: "cat docs/../secret" }, "c2"),
      ),
      reply.text("done"),
    ]);
    const r = await runCli(["-p", "go", "--cwd", box.project], { env: modelEnv(server, box.home) });
    expect(r.code).toBe(0);
    const answers = requestText(server.requests[1]);
    expect(answers.split("permission denied: bash needs approval")).toHaveLength(3);
    expect(answers).not.toContain("top secret");
    expect(fs.existsSync(box.at("written"))).toBe(false);
  });
});
