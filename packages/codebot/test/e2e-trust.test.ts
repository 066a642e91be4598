import fs from "node:fs";
import { reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import type { HookApprovalRequest } from "../src/approval/approval-types.js";
import { command, startSession, toolResultFor } from "./support/e2e.js";

const startedHook = { hooks: { SessionStart: [command("touch started")] } };

describe("trust of project hooks through the runtime", () => {
  it("project hooks do not run without approval, and a non-interactive session says so once", async () => {
    const s = await startSession({
      project: startedHook,
      local: { hooks: { SessionEnd: [command("touch ended")] } },
    });
    await s.runtime.close();
    expect(fs.existsSync(s.at("started"))).toBe(false);
    expect(fs.existsSync(s.at("ended"))).toBe(false);
    expect(s.notices).toEqual([
      'codebot: 2 project hooks were not run because they are not trusted (.codebot/settings.json, .codebot/settings.local.json); run "codebot hooks trust" to review them',
    ]);
  });

  it("run once approved ('always' is kept in the trust store), and ask again after the entry changes", async () => {
    const asked: HookApprovalRequest[] = [];
    const first = await startSession({
      project: startedHook,
      runtime: {
        askHookApproval: async (r) => {
          asked.push(r);
          return "always";
        },
      },
    });
    await first.runtime.close();
    expect(fs.existsSync(first.at("started"))).toBe(true);
    expect(asked.map((r) => [r.event, r.source])).toEqual([["SessionStart", "project"]]);

    fs.rmSync(first.at("started"));
    const second = await startSession({ dirs: { project: first.project, home: first.home } });
    await second.runtime.close();
    expect(fs.existsSync(first.at("started"))).toBe(true);
    expect(second.notices).toEqual([]);

    const changed = { hooks: { SessionStart: [command("touch started-v2")] } };
    const third = await startSession({
      dirs: { project: first.project, home: first.home },
      project: changed,
      runtime: {
        askHookApproval: async (r) => {
          asked.push(r);
          return "deny";
        },
      },
    });
    await third.runtime.close();
    expect(asked).toHaveLength(2);
    expect(fs.existsSync(first.at("started-v2"))).toBe(false);
  });

  it("a project script edited during the session (here by the model's write tool) is asked about again before it runs", async () => {
    const answers: string[] = [];
    const s = await startSession({
      project: { hooks: { UserPromptSubmit: [command("./hook.sh")] } },
      script: [
        reply.text("first"),
        reply.toolCalls(
          toolCall("write", { file_path: "hook.sh", content: "#!/bin/sh\necho v2 >> hook.log\n" }, "w1"),
        ),
        reply.text("edited"),
        reply.text("third"),
      ],
      runtime: {
        permissionMode: "bypassPermissions",
        askHookApproval: async () => {
          answers.push(answers.length === 0 ? "always" : "deny");
          return answers[answers.length - 1] as "always" | "deny";
        },
      },
    });
    fs.writeFileSync(s.at("hook.sh"), "#!/bin/sh\necho v1 >> hook.log\n", { mode: 0o755 });
    await s.runtime.prompt("one");
    await s.runtime.prompt("edit the hook");
    await s.runtime.prompt("three");
    await s.runtime.close();
    expect(answers).toEqual(["always", "deny"]);
    expect(fs.readFileSync(s.at("hook.log"), "utf8")).toBe("v1\nv1\n");
  });

  it("trustProjectHooks runs project hooks for one run without recording them", async () => {
    const s = await startSession({ project: startedHook, runtime: { trustProjectHooks: true } });
    await s.runtime.close();
    expect(fs.existsSync(s.at("started"))).toBe(true);
    expect(fs.existsSync(s.runtime.project.trustStore.file)).toBe(false);
  });

  it("hooks from --settings files run without approval", async () => {
    const s = await startSession({ cli: [startedHook] });
    await s.runtime.close();
    expect(fs.existsSync(s.at("started"))).toBe(true);
  });

  it("plan mode denies every hook and every mutating tool", async () => {
    const s = await startSession({
      user: {
        hooks: { SessionStart: [command("touch started")], PreToolUse: [command("touch pre-ran")] },
      },
      script: [
        reply.toolCalls(toolCall("write", { file_path: "x.txt", content: "x" }, "w1")),
        reply.toolCalls(toolCall("glob", { pattern: "*" }, "g1")),
        reply.text("planned"),
      ],
      runtime: { permissionMode: "plan" },
    });
    const result = await s.runtime.prompt("plan it");
    await s.runtime.close();
    expect(result.status).toBe("completed");
    expect(toolResultFor(s.model, "w1")).toEqual({
      text: "permission denied: write is not allowed in plan mode (read-only tools only)",
      isError: true,
    });
    expect(toolResultFor(s.model, "g1")?.isError).toBe(false);
    expect(fs.existsSync(s.at("x.txt"))).toBe(false);
    expect(fs.existsSync(s.at("started"))).toBe(false);
    expect(fs.existsSync(s.at("pre-ran"))).toBe(false);
  });

  it("a denied blocking project guard blocks the tool instead of letting it through", async () => {
    const s = await startSession({
      project: { hooks: { PreToolUse: [command("exit 0", { matcher: "bash", blocking: true })] } },
      script: [reply.toolCalls(toolCall("bash", { command: "touch ran" }, "b1")), reply.text("ok")],
    });
    await s.runtime.prompt("go");
    expect(fs.existsSync(s.at("ran"))).toBe(false);
    expect(toolResultFor(s.model, "b1")?.isError).toBe(true);
    expect(toolResultFor(s.model, "b1")?.text).toMatch(/^hook: /);
  });

  it("ask mode without a way to ask denies bash with a message the model sees", async () => {
    const s = await startSession({
      script: [reply.toolCalls(toolCall("bash", { command: "touch ran" }, "b1")), reply.text("ok")],
      runtime: { permissionMode: "ask" },
    });
    await s.runtime.prompt("go");
    expect(fs.existsSync(s.at("ran"))).toBe(false);
    expect(toolResultFor(s.model, "b1")).toEqual({
      text: 'permission denied: bash needs approval; allow it with a "permissions.allow" rule, --allowedTools, or --permission-mode bypassPermissions',
      isError: true,
    });
  });

  it("allow rules in project settings count only once the project is trusted", async () => {
    const project = { permissions: { allow: ["bash(touch *)"] } };
    const script = () => [
      reply.toolCalls(toolCall("bash", { command: "touch ran" }, "b1")),
      reply.text("ok"),
    ];
    const untrusted = await startSession({ project, script: script(), runtime: { permissionMode: "ask" } });
    await untrusted.runtime.prompt("go");
    expect(fs.existsSync(untrusted.at("ran"))).toBe(false);
    expect(untrusted.notices).toEqual([
      "codebot: project settings asked for permissions that are not trusted and were ignored: allow:bash(touch *)",
    ]);
    untrusted.runtime.project.trustStore.trustGrants(["allow:bash(touch *)"]);
    const trusted = await startSession({
      dirs: { project: untrusted.project, home: untrusted.home },
      script: script(),
      runtime: { permissionMode: "ask" },
    });
    await trusted.runtime.prompt("go");
    expect(fs.existsSync(trusted.at("ran"))).toBe(true);
  });

  it("PreToolUse hooks run before the approval question, which sees the rewritten arguments", async () => {
    const asked: string[] = [];
    const s = await startSession({
      user: {
        hooks: {
          PreToolUse: [
            command(`echo '{"updated_input":{"command":"echo safe > out.txt"}}'`, { matcher: "bash" }),
          ],
        },
      },
      script: [reply.toolCall("bash", { command: "echo unsafe > out.txt" }), reply.text("ok")],
      runtime: {
        permissionMode: "ask",
        askToolApproval: async (r) => {
          asked.push(String(r.args.command));
          return "once";
        },
      },
    });
    await s.runtime.prompt("go");
    expect(asked).toEqual(["echo safe > out.txt"]);
    expect(fs.readFileSync(s.at("out.txt"), "utf8")).toBe("safe\n");
  });
});
