/**
 * A hook written straight into an event's list of a Claude Code settings file, with no group
 * around it (EvanL1/claude-code-hooks' example settings has its UserPromptSubmit so). claude
 * 2.1.328 passes over it and runs the event's groups (recorded: its debug log says `Hook matcher
 * "hooks" must be an array of hook entries; received undefined; matcher ignored`); codebot, whose
 * own files take that shape, ran it with codebot's payload.
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

/** UserPromptSubmit: a hook outside a group, then a group; each writes its name to a file. */
function hooksWriting(dir: string) {
  return {
    UserPromptSubmit: [
      { type: "command", command: `echo outside >> ${path.join(dir, "outside.txt")}` },
      { hooks: [{ type: "command", command: `echo group >> ${path.join(dir, "group.txt")}` }] },
    ],
  };
}

describe("a hook outside a group", { timeout: 60_000 }, () => {
  it("in ~/.claude/settings.json is not run, with a warning naming it; the event's group runs", async () => {
    const box = sandbox();
    box.json(path.join(box.home, ".claude/settings.json"), { hooks: hooksWriting(box.home) });
    const server = await modelServer([reply.text("done")]);
    const r = await runCli(["-p", "go", "--cwd", box.project], { env: modelEnv(server, box.home) });
    expect(r.code, r.stderr).toBe(0);
    expect(fs.existsSync(path.join(box.home, "outside.txt"))).toBe(false);
    expect(fs.readFileSync(path.join(box.home, "group.txt"), "utf8")).toBe("group\n");
    expect(r.stderr).toContain(
      `${path.join(box.home, ".claude/settings.json")}: hooks.UserPromptSubmit[0]: a hook outside a group: Claude Code runs only the hooks of a group's "hooks" list`,
    );
  });

  it("in codebot's own settings is a native entry and runs", async () => {
    const box = sandbox();
    box.json(path.join(box.home, "settings.json"), { hooks: hooksWriting(box.home) });
    const server = await modelServer([reply.text("done")]);
    const r = await runCli(["-p", "go", "--cwd", box.project], { env: modelEnv(server, box.home) });
    expect(r.code, r.stderr).toBe(0);
    expect(fs.readFileSync(path.join(box.home, "outside.txt"), "utf8")).toBe("outside\n");
    expect(r.stderr).not.toContain("outside a group");
  });
});
