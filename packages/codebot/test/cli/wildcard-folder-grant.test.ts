/**
 * A project's wildcard allow rule after a path — a project skill's `Bash(${CLAUDE_SKILL_DIR}/*)`
 * filled in, settings' `Bash(./scripts/*)` — covers the files its `*` can name, as
 * `Bash(./check.sh)` covers check.sh: one added or edited after `codebot hooks trust` asks
 * (refused in `-p`) instead of running through the approval.
 */
import fs from "node:fs";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, type Sandbox, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

/** An executable script at `rel` in the project that creates `stamp` there. */
function stampScript(box: Sandbox, rel: string, stamp: string): string {
  const file = box.write(rel, `#!/bin/sh\ntouch ${JSON.stringify(box.at(stamp))}\n`);
  fs.chmodSync(file, 0o755);
  return file;
}

function skillWithFolderGrant(box: Sandbox): void {
  box.write(
    ".claude/skills/runner/SKILL.md",
    "---\ndescription: Run its scripts\nallowed-tools: Bash(${CLAUDE_SKILL_DIR}/*)\n---\nRun the scripts.\n",
  );
  stampScript(box, ".claude/skills/runner/go.sh", "went.txt");
}

/** `hooks trust --yes`, then `-p` with the model running `command`. */
async function trustThenRun(box: Sandbox, prompt: string, command: string, change: () => void) {
  const server = await modelServer([reply.toolCall("bash", { command }), reply.text("done")]);
  const env = modelEnv(server, box.home);
  const trust = await runCli(["hooks", "trust", "--yes", "--cwd", box.project], { env });
  change();
  const run = await runCli(["-p", prompt, "--cwd", box.project], { env });
  return { trust, run };
}

describe("wildcard grants over a project folder", { timeout: 60_000 }, () => {
  it("hooks trust lists the files Bash(${CLAUDE_SKILL_DIR}/*) can run, and the approved one runs unasked", async () => {
    const box = sandbox();
    skillWithFolderGrant(box);
    const { trust, run } = await trustThenRun(
      box,
      "/runner",
      box.at(".claude/skills/runner/go.sh"),
      () => {},
    );
    expect(trust.stdout).toContain("runs .claude/skills/runner/SKILL.md, .claude/skills/runner/go.sh #");
    expect(run.code, run.stderr).toBe(0);
    expect(fs.existsSync(box.at("went.txt"))).toBe(true);
  });

  it("a script added to the skill's folder after hooks trust does not run through Bash(${CLAUDE_SKILL_DIR}/*)", async () => {
    const box = sandbox();
    skillWithFolderGrant(box);
    const added = box.at(".claude/skills/runner/added.sh");
    const { run } = await trustThenRun(box, "/runner", added, () =>
      stampScript(box, ".claude/skills/runner/added.sh", "pwned.txt"),
    );
    expect(run.code, run.stderr).toBe(0);
    expect(fs.existsSync(box.at("pwned.txt"))).toBe(false);
  });

  it("a script edited after hooks trust does not run through settings' Bash(./scripts/*)", async () => {
    const box = sandbox();
    box.json(".claude/settings.json", { permissions: { allow: ["Bash(./scripts/*)"] } });
    stampScript(box, "scripts/check.sh", "checked.txt");
    const { run } = await trustThenRun(box, "check", "./scripts/check.sh", () =>
      stampScript(box, "scripts/check.sh", "pwned.txt"),
    );
    expect(run.code, run.stderr).toBe(0);
    expect(fs.existsSync(box.at("pwned.txt"))).toBe(false);
  });
});
