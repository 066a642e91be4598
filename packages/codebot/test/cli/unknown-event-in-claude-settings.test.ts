/**
 * An unknown event in a file Claude Code reads too (`~/.claude/settings.json`, a project's
 * `.claude/settings.json`). claude 2.1.328 (recorded, `-p`, a loopback model) skips "PreTooluse"
 * in silence — nothing on stderr nor in stream-json's init; only `claude doctor` lists it — and
 * runs the file's other hooks. codebot runs on too, with a warning naming the typo at the start.
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { printRun, sandbox } from "./support/cli-fixtures.js";
import { expectNoStackTrace, useBuiltCli } from "./support/cli-process.js";
import { startSessionWith } from "./support/terminal-session.js";

useBuiltCli();

describe("an unknown event in ~/.claude/settings.json", { timeout: 120_000 }, () => {
  it("warns on stderr and runs, the file's other hooks included", async () => {
    const box = sandbox();
    const ran = box.at("post-ran");
    const file = box.json(path.join(box.home, ".claude/settings.json"), {
      hooks: {
        PreTooluse: [{ matcher: "*", hooks: [{ type: "command", command: "exit 2" }] }],
        PostToolUse: [{ matcher: "*", hooks: [{ type: "command", command: `echo post > '${ran}'` }] }],
      },
    });
    const { r } = await printRun(
      "go",
      [reply.toolCall("bash", { command: "echo hi" }, "b-1"), reply.text("done")],
      { box, flags: ["--permission-mode", "bypassPermissions"] },
    );
    expectNoStackTrace(r.stderr);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(
      `warning: ${file}: hooks.PreTooluse: unknown event "PreTooluse" (did you mean "PreToolUse"?): its hooks do not run (the file's other hooks load)`,
    );
    expect(r.stdout).toContain("done");
    expect(fs.readFileSync(ran, "utf8")).toBe("post\n");
  });

  it("in the terminal: the session starts, the warning among its first lines", async () => {
    const box = sandbox();
    box.json(path.join(box.home, ".claude/settings.json"), {
      hooks: { PreTooluse: [{ matcher: "*", hooks: [{ type: "command", command: "exit 2" }] }] },
    });
    const { term } = await startSessionWith([], { box });
    // The line is wrapped at the terminal's width.
    const screen = (await term.waitForScreen(/its hooks do not run/)).replace(/\n/g, " ");
    expect(screen).toMatch(
      /warning: .*hooks\.PreTooluse: unknown event "PreTooluse" \(did you mean\s+"PreToolUse"\?\)/,
    );
  });
});
