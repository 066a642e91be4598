/**
 * The Agent SDK's `listPermissionRules()` (`list_permission_rules`), in the shape claude 2.1.328
 * answered it (recorded with the same settings, flags and flag settings; docs/claude-code.md
 * "The Claude Agent SDK"): each rule with where it came from, each working folder too.
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { waitFor } from "../support/wait-for.js";
import { sandbox } from "./support/cli-fixtures.js";
import { managedRoot, useBuiltCli } from "./support/cli-process.js";
import { sdkSession } from "./support/sdk-session.js";

useBuiltCli();

const EXACT = (command: string) => ({ prefix: "The Bash command ", emphasis: command });
const STARTING = (prefix: string) => ({ prefix: "Any Bash command starting with ", emphasis: prefix });
const TOOL = (tool: string) => ({ prefix: "Any use of the ", emphasis: tool, suffix: " tool" });
/** A row of a settings file `allowManagedPermissionRulesOnly` leaves out. */
const IGNORED = { editability: "readonly", notInEffect: true };

describe("the Agent SDK's list_permission_rules", () => {
  it("lists each rule with its origin — your settings, the project's, the local file, --settings, --allowedTools / --disallowedTools, the flag settings, the session's — and the folders with theirs", async () => {
    const box = sandbox();
    const extra1 = fs.mkdtempSync(path.join(box.home, "extra1-"));
    const extra3 = fs.mkdtempSync(path.join(box.home, "extra3-"));
    box.json(path.join(box.home, ".claude/settings.json"), {
      permissions: {
        allow: ["Bash(git status)", "WebFetch(domain:example.com)"],
        deny: ["Bash(rm:*)"],
        additionalDirectories: [extra1],
      },
    });
    box.json(".claude/settings.json", { permissions: { ask: ["Bash(git log:*)"] } });
    box.json(".claude/settings.local.json", { permissions: { deny: ["Read(./secret)"] } });
    const { run } = await sdkSession(
      [reply.toolCall("bash", { command: "touch made" }, "toolu_1"), reply.text("one"), reply.text("two")],
      {
        box,
        args: [
          "--allowedTools",
          "Bash(npm run lint:*)",
          "Edit",
          "--disallowedTools",
          "WebSearch",
          "--add-dir",
          extra3,
          "--settings",
          JSON.stringify({ permissions: { ask: ["Bash(git push *)"] } }),
        ],
        answers: {
          // An "always" answer: a rule for the rest of the session.
          can_use_tool: () => ({
            behavior: "allow",
            updatedPermissions: [
              {
                type: "addRules",
                rules: [{ toolName: "Bash", ruleContent: "touch made" }],
                behavior: "allow",
                destination: "session",
              },
            ],
          }),
        },
      },
    );
    const first = await run.request("l1", { subtype: "list_permission_rules" });
    const realProject = fs.realpathSync(box.project);
    expect(first).toEqual({
      subtype: "success",
      request_id: "l1",
      response: {
        state: {
          rules: [
            {
              behavior: "allow",
              source: "userSettings",
              rule: "Bash(git status)",
              description: EXACT("git status"),
              editability: "persistent",
            },
            {
              behavior: "allow",
              source: "userSettings",
              rule: "WebFetch(domain:example.com)",
              editability: "persistent",
            },
            {
              behavior: "allow",
              source: "cliArg",
              rule: "Bash(npm run lint:*)",
              description: STARTING("npm run lint"),
              editability: "session",
            },
            {
              behavior: "allow",
              source: "cliArg",
              rule: "Edit",
              description: TOOL("Edit"),
              editability: "session",
            },
            {
              behavior: "ask",
              source: "projectSettings",
              rule: "Bash(git log:*)",
              description: STARTING("git log"),
              editability: "persistent",
            },
            {
              behavior: "ask",
              source: "flagSettings",
              rule: "Bash(git push *)",
              description: STARTING("git push"),
              editability: "readonly",
            },
            {
              behavior: "deny",
              source: "userSettings",
              rule: "Bash(rm:*)",
              description: STARTING("rm"),
              editability: "persistent",
            },
            { behavior: "deny", source: "localSettings", rule: "Read(./secret)", editability: "persistent" },
            {
              behavior: "deny",
              source: "cliArg",
              rule: "WebSearch",
              description: TOOL("WebSearch"),
              editability: "session",
            },
          ],
          workspaceDirectories: [
            { path: extra1, source: "userSettings" },
            { path: fs.realpathSync(extra3), source: "cliArg" },
          ],
          originalCwd: realProject,
          managedOnly: false,
        },
      },
    });
    await run.request("f1", {
      subtype: "apply_flag_settings",
      settings: { permissions: { allow: ["Bash(make:*)"], deny: ["Write"] } },
    });
    run.say("first");
    await run.result(1);
    const second = (await run.request("l2", { subtype: "list_permission_rules" })).response as {
      state: { rules: { behavior: string; source: string; rule: string; editability: string }[] };
    };
    const allowed = second.state.rules
      .filter((r) => r.behavior === "allow")
      .map((r) => [r.source, r.rule, r.editability]);
    expect(allowed).toEqual([
      ["userSettings", "Bash(git status)", "persistent"],
      ["userSettings", "WebFetch(domain:example.com)", "persistent"],
      ["flagSettings", "Bash(make:*)", "readonly"],
      ["cliArg", "Bash(npm run lint:*)", "session"],
      ["cliArg", "Edit", "session"],
      ["session", "Bash(touch made)", "session"],
    ]);
    expect(second.state.rules.filter((r) => r.behavior === "deny").map((r) => [r.source, r.rule])).toEqual([
      ["userSettings", "Bash(rm:*)"],
      ["localSettings", "Read(./secret)"],
      ["flagSettings", "Write"],
      ["cliArg", "WebSearch"],
    ]);
    await run.lastTurn("second", 2);
  });

  it("names an ask rule's origin in can_use_tool's decision_reason_rule_source, as claude 2.1.328 did (recorded): your settings, the project's, --settings", async () => {
    const box = sandbox();
    box.json(path.join(box.home, ".claude/settings.json"), { permissions: { ask: ["Bash(echo two)"] } });
    box.json(".claude/settings.json", { permissions: { ask: ["Bash(echo one)"] } });
    const { run } = await sdkSession(
      [
        reply.toolCall("bash", { command: "echo one" }, "toolu_1"),
        reply.toolCall("bash", { command: "echo two" }, "toolu_2"),
        reply.toolCall("bash", { command: "echo three" }, "toolu_3"),
        reply.text("done"),
      ],
      {
        box,
        args: ["--settings", JSON.stringify({ permissions: { ask: ["Bash(echo three)"] } })],
        answers: { can_use_tool: () => ({ behavior: "allow" }) },
      },
    );
    await run.lastTurn("go");
    expect(
      run.requests().map((r) => [r.tool_use_id, r.decision_reason_type, r.decision_reason_rule_source]),
    ).toEqual([
      ["toolu_1", "rule", "projectSettings"],
      ["toolu_2", "rule", "userSettings"],
      ["toolu_3", "rule", "flagSettings"],
    ]);
  });

  it("under allowManagedPermissionRulesOnly lists the other settings files' rules after the managed ones, readonly and notInEffect, each once, as claude 2.1.328 did (recorded)", async () => {
    const box = sandbox();
    box.json(path.join(managedRoot(box.home), "claude-code/managed-settings.json"), {
      allowManagedPermissionRulesOnly: true,
      permissions: { allow: ["Bash(ls:*)"], deny: ["WebSearch"] },
    });
    box.json(path.join(box.home, ".claude/settings.json"), {
      permissions: {
        allow: ["Bash(git status)", "Bash(git status)", "Read"],
        deny: ["Bash(rm:*)"],
        ask: ["Bash(git push:*)"],
      },
    });
    box.json(".claude/settings.json", { permissions: { ask: ["Bash(git log:*)"], allow: ["Read"] } });
    box.json(".claude/settings.local.json", { permissions: { deny: ["Read(./secret)"] } });
    const { run } = await sdkSession([reply.text("one")], {
      box,
      // claude listed neither --allowedTools rule: only the settings files' rules are listed.
      args: ["--settings", JSON.stringify({ permissions: { ask: ["Edit"] } }), "--allowedTools", "Grep"],
    });
    const answer = await run.request("l1", { subtype: "list_permission_rules" });
    expect((answer.response as { state: { rules: unknown[] } }).state.rules).toEqual([
      {
        behavior: "allow",
        source: "policySettings",
        rule: "Bash(ls:*)",
        description: STARTING("ls"),
        editability: "readonly",
      },
      {
        behavior: "deny",
        source: "policySettings",
        rule: "WebSearch",
        description: TOOL("WebSearch"),
        editability: "readonly",
      },
      {
        behavior: "allow",
        source: "userSettings",
        rule: "Bash(git status)",
        description: EXACT("git status"),
        ...IGNORED,
      },
      { behavior: "allow", source: "userSettings", rule: "Read", description: TOOL("Read"), ...IGNORED },
      {
        behavior: "deny",
        source: "userSettings",
        rule: "Bash(rm:*)",
        description: STARTING("rm"),
        ...IGNORED,
      },
      {
        behavior: "ask",
        source: "userSettings",
        rule: "Bash(git push:*)",
        description: STARTING("git push"),
        ...IGNORED,
      },
      { behavior: "allow", source: "projectSettings", rule: "Read", description: TOOL("Read"), ...IGNORED },
      {
        behavior: "ask",
        source: "projectSettings",
        rule: "Bash(git log:*)",
        description: STARTING("git log"),
        ...IGNORED,
      },
      { behavior: "deny", source: "localSettings", rule: "Read(./secret)", ...IGNORED },
      { behavior: "ask", source: "flagSettings", rule: "Edit", description: TOOL("Edit"), ...IGNORED },
    ]);
    await run.lastTurn("go");
  });

  it("under allowManagedPermissionRulesOnly lists the Agent SDK's applyFlagSettings rules with --settings' as flagSettings, notInEffect, as claude 2.1.328 did (recorded)", async () => {
    const box = sandbox();
    box.json(path.join(managedRoot(box.home), "claude-code/managed-settings.json"), {
      allowManagedPermissionRulesOnly: true,
      permissions: { allow: ["Bash(ls:*)"] },
    });
    const { run } = await sdkSession([reply.text("one")], {
      box,
      args: ["--settings", JSON.stringify({ permissions: { ask: ["Edit"] } })],
    });
    await run.request("f1", {
      subtype: "apply_flag_settings",
      settings: { permissions: { allow: ["Bash(npm test)"], deny: ["WebFetch"], ask: ["Bash(make:*)"] } },
    });
    const answer = await run.request("l1", { subtype: "list_permission_rules" });
    expect((answer.response as { state: { rules: unknown[] } }).state.rules).toEqual([
      {
        behavior: "allow",
        source: "policySettings",
        rule: "Bash(ls:*)",
        description: STARTING("ls"),
        editability: "readonly",
      },
      {
        behavior: "allow",
        source: "flagSettings",
        rule: "Bash(npm test)",
        description: EXACT("npm test"),
        ...IGNORED,
      },
      {
        behavior: "deny",
        source: "flagSettings",
        rule: "WebFetch",
        description: TOOL("WebFetch"),
        ...IGNORED,
      },
      { behavior: "ask", source: "flagSettings", rule: "Edit", description: TOOL("Edit"), ...IGNORED },
      {
        behavior: "ask",
        source: "flagSettings",
        rule: "Bash(make:*)",
        description: STARTING("make"),
        ...IGNORED,
      },
    ]);
    await run.lastTurn("go");
  });

  it("names a settings file skipped mid-session in `errors` (absent while none is), as claude 2.1.328 did (recorded)", async () => {
    const box = sandbox();
    box.json(path.join(box.home, ".claude/settings.json"), { permissions: { allow: ["Bash(git status)"] } });
    box.json(".claude/settings.json", { permissions: { allow: ["Bash(make:*)"] } });
    box.json(".claude/settings.local.json", { permissions: { deny: ["Read(./secret)"] } });
    const { run } = await sdkSession([reply.text("one")], { box });
    const before = (await run.request("l1", { subtype: "list_permission_rules" })).response as {
      state: Record<string, unknown>;
    };
    expect(before.state).not.toHaveProperty("errors");
    const projectFile = path.join(fs.realpathSync(box.project), ".claude/settings.json");
    // The project's file breaks; the local one's change then has the settings read again without it.
    fs.writeFileSync(projectFile, '{"permissions":{"allow":["Bash(make:*)"],\n');
    await waitFor(
      () => run.cli.stderr().includes("settings.json changed"),
      15_000,
      "the broken file's notice",
    );
    box.json(".claude/settings.local.json", { permissions: { deny: ["Read(./secret)", "Write"] } });
    await waitFor(
      () => run.cli.stderr().includes("settings.local.json changed"),
      15_000,
      "the local file's notice",
    );
    const after = (await run.request("l2", { subtype: "list_permission_rules" })).response as {
      state: { errors?: { file: string; path: string; message: string }[] };
    };
    expect(after.state.errors).toEqual([
      // claude's words for it (recorded), not codebot's stderr line's.
      { file: projectFile, path: "", message: "Invalid or malformed JSON" },
    ]);
    await run.lastTurn("go");
  });
});
