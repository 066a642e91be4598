/** HOOKS.md §7.5 (errors shown once per hook per session) and §8 (approval, trust, plan mode) through the runtime. */
import fs from "node:fs";
import path from "node:path";
import { reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { command, scratchDir, startSession, toolResultFor } from "./support/e2e.js";

describe("§7.5 a failing hook is shown to the user once per session", () => {
  it("a PreToolUse hook failing on three calls gives one notice naming it and why; the trace has all three", async () => {
    const s = await startSession({
      user: { hooks: { PreToolUse: [command("echo 'linter crashed' >&2; exit 1", { name: "linter" })] } },
      script: [
        reply.toolCalls(toolCall("bash", { command: "echo 1" }, "b1")),
        reply.toolCalls(toolCall("bash", { command: "echo 2" }, "b2")),
        reply.toolCalls(toolCall("bash", { command: "echo 3" }, "b3")),
        reply.text("done"),
      ],
    });
    await s.runtime.prompt("go");
    expect(s.notices.filter((n) => n.includes("linter"))).toEqual([
      "hook linter: exit code 1: linter crashed",
    ]);
    const records = s.events.flatMap((e) => (e.kind === "hook" ? [e.record] : []));
    expect(records.filter((r) => r.hook === "linter" && r.outcome === "failed")).toHaveLength(3);
    expect(toolResultFor(s.model, "b3")).toEqual({ text: "3", isError: false });
  });
});

describe("§8 plan mode denies every hook", () => {
  it("a denied blocking guard blocks even a read-only tool, without running", async () => {
    const s = await startSession({
      user: { hooks: { PreToolUse: [command("touch guard-ran", { matcher: "glob", blocking: true })] } },
      script: [reply.toolCalls(toolCall("glob", { pattern: "*" }, "g1")), reply.text("planned")],
      runtime: { permissionMode: "plan" },
    });
    await s.runtime.prompt("look around");
    expect(fs.existsSync(s.at("guard-ran"))).toBe(false);
    const result = toolResultFor(s.model, "g1");
    expect(result?.isError).toBe(true);
    expect(result?.text).toMatch(/^hook: .*plan mode/);
  });

  it("a denied non-blocking hook is only logged: the trace says not approved and nothing else changes", async () => {
    const s = await startSession({
      user: {
        hooks: {
          PreToolUse: [command("touch pre-ran", { name: "observer" })],
          PostToolUse: [command("touch post-ran", { name: "audit" })],
        },
      },
      script: [reply.toolCalls(toolCall("glob", { pattern: "*" }, "g1")), reply.text("planned")],
      runtime: { permissionMode: "plan" },
    });
    await s.runtime.prompt("look around");
    await s.runtime.close();
    expect(toolResultFor(s.model, "g1")?.isError).toBe(false);
    expect(fs.existsSync(s.at("pre-ran"))).toBe(false);
    expect(fs.existsSync(s.at("post-ran"))).toBe(false);
    const records = s.events.flatMap((e) => (e.kind === "hook" ? [e.record] : []));
    expect(records.map((r) => [r.hook, r.skipped, r.approval, r.outcome])).toEqual([
      ["observer", "not approved", "denied", undefined],
      ["audit", "not approved", "denied", undefined],
    ]);
  });
});

/**
 * A project hook approved "always" in `approvedDir`, then the same hook in `otherDir` with the same
 * CODEBOT_HOME and nobody to ask; one prompt in each.
 */
async function approveThenOpen(home: string, approvedDir: string, otherDir: string) {
  const settings = { hooks: { UserPromptSubmit: [command("touch hook-ran")] } };
  const approved = await startSession({
    dirs: { project: approvedDir, home },
    project: settings,
    script: [reply.text("ok")],
    runtime: { askHookApproval: async () => "always" },
  });
  await approved.runtime.prompt("go");
  const other = await startSession({
    dirs: { project: otherDir, home },
    project: settings,
    script: [reply.text("ok")],
  });
  await other.runtime.prompt("go");
  return { approved, other };
}

describe("§8 approvals persist per project", () => {
  it("an entry approved 'always' in one project still needs approval in another project", async () => {
    const home = scratchDir("codebot-home-");
    const { approved, other } = await approveThenOpen(
      home,
      scratchDir("codebot-project-"),
      scratchDir("codebot-project-"),
    );
    expect(fs.existsSync(approved.at("hook-ran"))).toBe(true);
    expect(fs.existsSync(other.at("hook-ran"))).toBe(false);
    expect(other.notices).toEqual([
      'codebot: 1 project hook was not run because it is not trusted (.codebot/settings.json); run "codebot hooks trust" to review them',
    ]);
    expect(path.dirname(approved.runtime.project.trustStore.file)).toBe(path.join(home, "trust"));
  });

  it("approving a project hook in <root>/a.b does not approve it in <root>/a-b", async () => {
    const root = scratchDir("codebot-projects-");
    const [first, second] = ["a.b", "a-b"].map((name) => {
      const dir = path.join(root, name);
      fs.mkdirSync(dir);
      return dir;
    }) as [string, string];
    const { approved, other } = await approveThenOpen(scratchDir("codebot-home-"), first, second);
    expect(fs.existsSync(approved.at("hook-ran"))).toBe(true);
    expect(fs.existsSync(other.at("hook-ran"))).toBe(false);
  });
});
