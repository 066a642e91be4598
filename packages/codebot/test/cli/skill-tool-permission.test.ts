/**
 * The model's `skill` call loads a skill that grants rules (`allowed-tools`) or adds hooks only
 * with a yes, as claude 2.1.328 asks (recorded with philoserf/claude-code-setup's bash-audit skill,
 * `allowed-tools: [Read, Bash, …]`: `-p` in the default mode refused it, `Execute skill:
 * bash-audit`); `Skill(name)` rules allow and deny it as claude's do.
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, type Sandbox, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";
import { startSession } from "./support/terminal-session.js";

useBuiltCli();

/** A user skill `runner` whose `allowed-tools` lets `touch` run, and a plain skill `notes`. */
function skills(box: Sandbox): void {
  const dir = path.join(box.home, ".claude/skills");
  box.write(
    path.join(dir, "runner/SKILL.md"),
    "---\ndescription: Run things\nallowed-tools: Bash(touch:*)\n---\nRunner steps.\n",
  );
  box.write(path.join(dir, "notes/SKILL.md"), "---\ndescription: Take notes\n---\nNotes steps.\n");
}

/** The model loads `skill`, then runs `touch stamp.txt`; the requests after each call. */
async function loadThenTouch(box: Sandbox, skill: string, settings?: unknown) {
  skills(box);
  if (settings !== undefined) box.json(path.join(box.home, ".claude/settings.json"), settings);
  const server = await modelServer([
    reply.toolCall("skill", { skill }),
    reply.toolCall("bash", { command: "touch stamp.txt" }),
    reply.text("done"),
  ]);
  const r = await runCli(["-p", "go", "--cwd", box.project], { env: modelEnv(server, box.home) });
  expect(r.code, r.stderr).toBe(0);
  return { afterSkill: JSON.stringify(server.requests[1]?.body.messages.at(-1)), r };
}

describe("the model's skill call and permissions", { timeout: 60_000 }, () => {
  it("a skill with allowed-tools is refused in -p with nobody to ask, and grants nothing", async () => {
    const box = sandbox();
    const { afterSkill } = await loadThenTouch(box, "runner");
    expect(afterSkill).toContain(
      'skill needs approval; allow it with a \\"permissions.allow\\" rule (Skill(runner))',
    );
    expect(afterSkill).not.toContain("Runner steps.");
    expect(fs.existsSync(box.at("stamp.txt"))).toBe(false);
  });

  it("a skill with no allowed-tools or hooks loads unasked", async () => {
    const box = sandbox();
    const { afterSkill } = await loadThenTouch(box, "notes");
    expect(afterSkill).toContain("Notes steps.");
  });

  it("an allow rule Skill(runner) loads it, and its allowed-tools hold", async () => {
    const box = sandbox();
    const { afterSkill } = await loadThenTouch(box, "runner", { permissions: { allow: ["Skill(runner)"] } });
    expect(afterSkill).toContain("Runner steps.");
    expect(fs.existsSync(box.at("stamp.txt"))).toBe(true);
  });

  it("a deny rule Skill(notes) refuses even a skill that grants nothing", async () => {
    const box = sandbox();
    const { afterSkill } = await loadThenTouch(box, "notes", { permissions: { deny: ["Skill(notes)"] } });
    expect(afterSkill).toContain('refused by the deny rule \\"Skill(notes)\\"');
    expect(afterSkill).not.toContain("Notes steps.");
  });

  // claude 2.1.328 (recorded): a deny rule Skill(/notes) refused the model's call of notes.
  it("a deny rule names the skill as typed too: Skill(/notes) refuses notes", async () => {
    const box = sandbox();
    const { afterSkill } = await loadThenTouch(box, "notes", { permissions: { deny: ["Skill(/notes)"] } });
    expect(afterSkill).toContain('refused by the deny rule \\"Skill(/notes)\\"');
    expect(afterSkill).not.toContain("Notes steps.");
  });

  // claude 2.1.328 (recorded): a deny rule Skill(note:*) refused notes, its prefix taken as text.
  it("a deny rule Skill(note:*) refuses every skill whose name starts note, as claude's does", async () => {
    const box = sandbox();
    const { afterSkill } = await loadThenTouch(box, "notes", { permissions: { deny: ["Skill(note:*)"] } });
    expect(afterSkill).toContain('refused by the deny rule \\"Skill(note:*)\\"');
    expect(afterSkill).not.toContain("Notes steps.");
  });
});

describe("the terminal's question about a skill", { timeout: 120_000 }, () => {
  it("names the skill, and `a` allows that skill for the session, not another", async () => {
    const box = sandbox();
    skills(box);
    box.write(
      path.join(box.home, ".claude/skills/other/SKILL.md"),
      "---\ndescription: Other\nallowed-tools: Read\n---\nOther steps.\n",
    );
    const server = await modelServer([
      reply.toolCall("skill", { skill: "runner" }),
      reply.toolCall("skill", { skill: "runner" }),
      reply.toolCall("skill", { skill: "other" }),
      reply.text("done"),
    ]);
    const term = await startSession(box, server);
    term.submit("go");
    await term.waitForScreen(
      /\? allow skill runner {2}\[y\]es \/ \[n\]o \/ \[a\]lways \(skill\(runner\)\):\s*$/m,
    );
    term.type("a");
    await term.waitForScreen(/\? allow skill other {2}\[y\]es/);
    term.type("n");
    await term.waitForScreen(/^done$/m);
    const results = server.requests.slice(1).map((q) => JSON.stringify(q.body.messages.at(-1)));
    expect(results[1]).toContain("Runner steps.");
    expect(results[2]).not.toContain("Other steps.");
  });
});
