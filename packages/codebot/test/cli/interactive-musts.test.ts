/**
 * MUSTs of HOOKS.md proved through the built CLI's interactive session, in a real terminal (tmux):
 * the "always" answer to a hook-approval question (§8) and quitting with an async hook in flight
 * (§7.4).
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { waitFor } from "../support/wait-for.js";
import { command, modelEnv, modelServer, type Sandbox, sandbox } from "./support/cli-fixtures.js";
import { cliPath, useBuiltCli } from "./support/cli-process.js";
import { startSession } from "./support/terminal-session.js";
import { TmuxSession } from "./support/tmux.js";

useBuiltCli();

describe("§8 the interactive 'always' answer", { timeout: 120_000 }, () => {
  it("approving a project hook 'always' stores it under CODEBOT_HOME/trust, and the next session runs it without asking", async () => {
    const box = sandbox();
    box.json(".codebot/settings.json", {
      hooks: { UserPromptSubmit: [command("echo x >> prompts.log", { name: "logger" })] },
    });
    const server = await modelServer([reply.text("first"), reply.text("second")]);
    const first = TmuxSession.start({ dir: box.project, env: modelEnv(server, box.home), args: [] });
    await first.waitForScreen("allow them?");
    first.type("a");
    await first.waitForScreen(/^›/m);
    first.submit("hi");
    await first.waitForScreen("first");
    expect(fs.readFileSync(box.at("prompts.log"), "utf8")).toBe("x\n");
    first.submit("/exit");
    expect(await first.exitCode()).toBe(0);
    const trustDir = path.join(box.home, "trust");
    expect(fs.readdirSync(trustDir).filter((f) => f.endsWith(".json"))).toHaveLength(1);

    const second = await startSession(box, server);
    second.submit("hi again");
    const screen = await second.waitForScreen("second");
    expect(screen).not.toContain("allow them?");
    expect(fs.readFileSync(box.at("prompts.log"), "utf8")).toBe("x\nx\n");
  });
});

describe("§7.4 quitting the interactive session keeps async hooks in flight", { timeout: 120_000 }, () => {
  /** A PostToolUse audit hook that marks its start, then takes a while before it writes its payload. */
  function auditSettings(box: Sandbox): string {
    return box.json("s.json", {
      hooks: { PostToolUse: [command("touch post-started; sleep 2; cat > post.json")] },
    });
  }

  /** The audit hook's payload, read at once: a CLI that had not waited would leave the hook asleep. */
  function auditPayload(box: Sandbox): unknown {
    return JSON.parse(fs.readFileSync(box.at("post.json"), "utf8"));
  }

  it("Ctrl+C twice while a PostToolUse hook runs: the hook completes before the exit with 0", async () => {
    const box = sandbox();
    const server = await modelServer([reply.toolCall("bash", { command: "echo hi" }), reply.text("done")]);
    const term = await startSession(box, server, {
      args: ["--permission-mode", "bypassPermissions", "--settings", auditSettings(box)],
    });
    term.submit("go");
    await waitFor(() => fs.existsSync(box.at("post-started")), 30_000, "the PostToolUse hook to start");
    await term.waitForScreen(/^done$/m);
    term.press("C-c");
    await term.waitForScreen("(Ctrl+C again, Ctrl+D or /exit to quit)");
    term.press("C-c");
    expect(await term.exitCode()).toBe(0);
    expect(auditPayload(box)).toMatchObject({ event: "PostToolUse", tool: "bash", output: "hi" });
  });

  it("SIGTERM while a PostToolUse hook runs: the hook completes before the exit with 143", async () => {
    const box = sandbox();
    const server = await modelServer([reply.toolCall("bash", { command: "echo hi" }), reply.text("done")]);
    const pidFile = box.at("cli.pid");
    // The CLI's own pid, written by the shell that then becomes it.
    const program = ["sh", "-c", `echo $$ > '${pidFile}'; exec "$@"`, "sh", process.execPath, cliPath];
    const term = await startSession(box, server, {
      args: ["--permission-mode", "bypassPermissions", "--settings", auditSettings(box)],
      program,
    });
    term.submit("go");
    await waitFor(() => fs.existsSync(box.at("post-started")), 30_000, "the PostToolUse hook to start");
    await term.waitForScreen(/^done$/m);
    process.kill(Number(fs.readFileSync(pidFile, "utf8")), "SIGTERM");
    expect(await term.exitCode()).toBe(143);
    expect(auditPayload(box)).toMatchObject({ event: "PostToolUse", tool: "bash", output: "hi" });
  });
});
