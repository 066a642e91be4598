/**
 * `${CLAUDE_PLUGIN_ROOT}` and `${CLAUDE_SKILL_DIR}` in a command's or skill's `allowed-tools` are
 * filled in, as claude 2.1.328 fills them (recorded with jaidhyani/cc-plugin-marketplace's
 * claude-archivist, whose `/claude-archivist:archive` allows `Bash(${CLAUDE_PLUGIN_ROOT}/scripts/*)`:
 * claude ran the script unasked in the default mode, and refused it without the command).
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, type Sandbox, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

/** An executable script at `file` that writes `stamp` into the project. */
function stampScript(box: Sandbox, file: string, stamp: string): string {
  box.write(file, `#!/bin/sh\ntouch ${JSON.stringify(box.at(stamp))}\n`);
  fs.chmodSync(file, 0o755);
  return file;
}

describe("variables in allowed-tools", { timeout: 60_000 }, () => {
  it("a plugin command's Bash(${CLAUDE_PLUGIN_ROOT}/scripts/*) lets the plugin's script run unasked", async () => {
    const box = sandbox();
    const root = path.join(box.home, "archivist");
    box.json(path.join(root, ".claude-plugin/plugin.json"), { name: "archivist" });
    box.write(
      path.join(root, "commands/archive.md"),
      "---\ndescription: Archive\nallowed-tools: Bash(${CLAUDE_PLUGIN_ROOT}/scripts/*)\n---\nArchive the session.\n",
    );
    const script = stampScript(box, path.join(root, "scripts/archive.sh"), "archived.txt");
    const server = await modelServer([reply.toolCall("bash", { command: script }), reply.text("archived")]);
    const r = await runCli(["-p", "/archivist:archive", "--plugin-dir", root, "--cwd", box.project], {
      env: modelEnv(server, box.home),
    });
    expect(r.code, r.stderr).toBe(0);
    expect(fs.existsSync(box.at("archived.txt"))).toBe(true);
  });

  it("a skill's Bash(${CLAUDE_SKILL_DIR}/go.sh) lets the skill's own script run unasked", async () => {
    const box = sandbox();
    const dir = path.join(box.home, ".claude/skills/runner");
    box.write(
      path.join(dir, "SKILL.md"),
      "---\ndescription: Run go\nallowed-tools: Bash(${CLAUDE_SKILL_DIR}/go.sh)\n---\nRun go.sh.\n",
    );
    const script = stampScript(box, path.join(dir, "go.sh"), "went.txt");
    const server = await modelServer([reply.toolCall("bash", { command: script }), reply.text("went")]);
    const r = await runCli(["-p", "/runner", "--cwd", box.project], { env: modelEnv(server, box.home) });
    expect(r.code, r.stderr).toBe(0);
    expect(fs.existsSync(box.at("went.txt"))).toBe(true);
  });

  it("a project skill's Bash(${CLAUDE_SKILL_DIR}/go.sh), once approved with hooks trust, lets its script run", async () => {
    const box = sandbox();
    box.write(
      ".claude/skills/runner/SKILL.md",
      "---\ndescription: Run go\nallowed-tools: Bash(${CLAUDE_SKILL_DIR}/go.sh)\n---\nRun go.sh.\n",
    );
    const script = stampScript(box, box.at(".claude/skills/runner/go.sh"), "went.txt");
    const server = await modelServer([reply.toolCall("bash", { command: script }), reply.text("went")]);
    const trust = await runCli(["hooks", "trust", "--yes", "--cwd", box.project], {
      env: modelEnv(server, box.home),
    });
    expect(trust.stdout).toContain(`allow:Bash(${script})`);
    const r = await runCli(["-p", "/runner", "--cwd", box.project], { env: modelEnv(server, box.home) });
    expect(r.code, r.stderr).toBe(0);
    expect(fs.existsSync(box.at("went.txt"))).toBe(true);
  });

  for (const [what, call] of [
    ["another skill's script", ".claude/skills/ab/go.sh"],
    ["a file named as its start", ".claude/skills/a /go.sh"],
  ] as const)
    it(`a project skill folder named a* fills Bash(\${CLAUDE_SKILL_DIR}/go.sh) as itself: ${what} asks`, async () => {
      const box = sandbox();
      box.write(
        ".claude/skills/a*/SKILL.md",
        "---\nname: runner\ndescription: Run go\nallowed-tools: Bash(${CLAUDE_SKILL_DIR}/go.sh)\n---\nRun go.sh.\n",
      );
      stampScript(box, box.at(".claude/skills/a*/go.sh"), "went.txt");
      stampScript(box, box.at(".claude/skills/ab/go.sh"), "pwned.txt");
      stampScript(box, box.at(".claude/skills/a"), "pwned.txt");
      const server = await modelServer([
        reply.toolCall("bash", { command: box.at(call) }),
        reply.text("done"),
      ]);
      const env = modelEnv(server, box.home);
      const trust = await runCli(["hooks", "trust", "--yes", "--cwd", box.project], { env });
      expect(trust.code, trust.stderr).toBe(0);
      const r = await runCli(["-p", "/runner", "--cwd", box.project], { env });
      expect(r.code, r.stderr).toBe(0);
      expect(fs.existsSync(box.at("pwned.txt"))).toBe(false);
    });
});
