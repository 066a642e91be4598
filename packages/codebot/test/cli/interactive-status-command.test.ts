/**
 * `/status` in a real terminal (tmux): the session's version, name, id, folder, model, permission
 * mode and settings files, in the fields of claude 2.1.328's Status tab (recorded in tmux).
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelServer, sandbox } from "./support/cli-fixtures.js";
import { useBuiltCli } from "./support/cli-process.js";
import { startSession } from "./support/terminal-session.js";

useBuiltCli();

describe("/status", { timeout: 120_000 }, () => {
  it("names the session, its id, folder, model, permission mode and the settings files read", async () => {
    const box = sandbox();
    box.json(path.join(box.home, ".claude/settings.json"), { permissions: { defaultMode: "acceptEdits" } });
    box.json(".claude/settings.json", { permissions: { deny: ["Read(./secrets/**)"] } });
    const server = await modelServer([reply.text("unused")]);
    const term = await startSession(box, server, {
      args: ["-n", "my work", "--model", "anthropic/claude-haiku-4-5"],
    });
    term.submit("/status");
    await term.waitForScreen(/^Setting sources:/m);
    const screen = term.screen();
    const rows = screen.slice(screen.lastIndexOf("› /status")).split("\n").slice(1, 8);
    const id = rows[2]?.replace(/^Session ID: +/, "") ?? "";
    expect(rows).toEqual([
      expect.stringMatching(/^Version: {9}\d+\.\d+\.\d+/),
      "Session name:    my work",
      `Session ID:      ${id}`,
      `cwd:             ${fs.realpathSync(box.project)}`,
      "Model:           anthropic/claude-haiku-4-5",
      "Permission mode: acceptEdits",
      "Setting sources: user ~/.claude/settings.json, project .claude/settings.json",
    ]);
    // The id is the session's: its transcript is named after it.
    const transcripts = fs.readdirSync(path.join(box.home, "projects"), { recursive: true }).map(String);
    expect(transcripts.filter((file) => file.endsWith(`${id}.jsonl`))).toHaveLength(1);
  });
});

describe("/status with a hostile session name", { timeout: 120_000 }, () => {
  it("shows the name on one row, its escapes dropped and a right-to-left override written out, as /resume lists it", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("unused")]);
    const name = "mine\x1b]0;pwned\x07\nPermission mode: bypassPermissions\u202etxt";
    const term = await startSession(box, server, { args: ["-n", name] });
    term.submit("/status");
    await term.waitForScreen(/^Setting sources:/m);
    const screen = term.screen();
    const rows = screen.slice(screen.lastIndexOf("› /status")).split("\n").slice(1, 7);
    expect(rows[1]).toBe("Session name:    mine Permission mode: bypassPermissions\\u202etxt");
    expect(rows.filter((row) => row.startsWith("Permission mode:"))).toEqual(["Permission mode: ask"]);
  });
});
