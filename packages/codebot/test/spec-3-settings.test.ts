/** HOOKS.md §3.1–§3.2 through the runtime: real settings files in every layer. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { resolveCodebotHome } from "../src/paths/codebot-home.js";
import { command, scratchDir, startSession, toolResultFor } from "./support/e2e.js";

/** A UserPromptSubmit entry that appends its label to `order`. */
const mark = (label: string) => command(`echo ${label} >> order`);

describe("§3.2 where settings come from", () => {
  it("hooks run user → project → local → each --settings file, each file in file order", async () => {
    const s = await startSession({
      user: { hooks: { UserPromptSubmit: [mark("user-1"), mark("user-2")] } },
      project: { hooks: { UserPromptSubmit: [mark("project")] } },
      local: { hooks: { UserPromptSubmit: [mark("local")] } },
      cli: [
        { hooks: { UserPromptSubmit: [mark("cli-a-1"), mark("cli-a-2")] } },
        { hooks: { UserPromptSubmit: [mark("cli-b")] } },
      ],
      script: [reply.text("ok")],
      runtime: { trustProjectHooks: true },
    });
    await s.runtime.prompt("go");
    expect(fs.readFileSync(s.at("order"), "utf8").trim().split("\n")).toEqual([
      "user-1",
      "user-2",
      "project",
      "local",
      "cli-a-1",
      "cli-a-2",
      "cli-b",
    ]);
  });

  it('"disableAllHooks": true in a --settings file turns off the hooks of every other layer', async () => {
    const s = await startSession({
      user: { hooks: { PreToolUse: [command("touch guard-ran; exit 2", { blocking: true })] } },
      cli: [{ disableAllHooks: true }],
      script: [reply.toolCalls(toolCall("bash", { command: "touch tool-ran" }, "b1")), reply.text("ok")],
    });
    await s.runtime.prompt("go");
    expect(fs.existsSync(s.at("tool-ran"))).toBe(true);
    expect(fs.existsSync(s.at("guard-ran"))).toBe(false);
    expect(s.events.some((e) => e.kind === "hook" && e.record.skipped === "all hooks disabled")).toBe(true);
  });

  it('a project\'s "disableAllHooks" cannot switch off your own hooks until trusted, and says so', async () => {
    const userGuard = { hooks: { PreToolUse: [command("touch guard-ran; exit 2", { blocking: true })] } };
    const script = () => [
      reply.toolCalls(toolCall("bash", { command: "touch tool-ran" }, "b1")),
      reply.text("ok"),
    ];
    const s = await startSession({ user: userGuard, project: { disableAllHooks: true }, script: script() });
    await s.runtime.prompt("go");
    expect(fs.existsSync(s.at("guard-ran"))).toBe(true);
    expect(fs.existsSync(s.at("tool-ran"))).toBe(false);
    expect(s.notices).toContain(
      "codebot: project settings asked for permissions that are not trusted and were ignored: disableAllHooks",
    );
    fs.rmSync(s.at("guard-ran"));
    const trusted = await startSession({
      user: userGuard,
      project: { disableAllHooks: true },
      script: script(),
      dirs: { project: s.project, home: s.home },
      runtime: { trustProjectHooks: true },
    });
    await trusted.runtime.prompt("go");
    expect(fs.existsSync(s.at("guard-ran"))).toBe(false);
    expect(fs.existsSync(s.at("tool-ran"))).toBe(true);
  });

  it("a user-only setting in a project file is reported as ignored", async () => {
    const s = await startSession({
      project: { claudePlugins: ["./evil-plugin"], claudeCompat: false },
      script: [reply.text("ok")],
    });
    expect(s.runtime.problems.map((p) => p.message)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /: claudeCompat is only honoured in your user settings, not in a project's; ignored$/,
        ),
        expect.stringMatching(
          /: claudePlugins is only honoured in your user settings, not in a project's; ignored$/,
        ),
      ]),
    );
  });

  it("CODEBOT_HOME names the user directory and defaults to ~/.codebot", () => {
    expect(resolveCodebotHome(undefined, { CODEBOT_HOME: "/srv/cb" })).toBe("/srv/cb");
    expect(resolveCodebotHome(undefined, {})).toBe(path.join(os.homedir(), ".codebot"));
  });

  it("settings files may contain comments and trailing commas (JSONC)", async () => {
    const home = scratchDir("codebot-home-");
    const file = path.join(home, "commented.jsonc");
    fs.writeFileSync(
      file,
      `{
        // a guard written by hand
        "hooks": { "UserPromptSubmit": [ { "type": "command", "command": "touch commented", /* inline */ } ] }
      }`,
    );
    const s = await startSession({
      dirs: { project: scratchDir("codebot-project-"), home },
      runtime: { settingsFiles: [file] },
      script: [reply.text("ok")],
    });
    await s.runtime.prompt("go");
    expect(fs.existsSync(s.at("commented"))).toBe(true);
  });
});

describe("§3.1 entry fields", () => {
  it("enabled: false in a settings file switches a blocking guard off without deleting it", async () => {
    const s = await startSession({
      user: {
        hooks: {
          PreToolUse: [command("touch guard-ran; exit 2", { name: "guard", blocking: true, enabled: false })],
        },
      },
      script: [reply.toolCalls(toolCall("bash", { command: "touch tool-ran" }, "b1")), reply.text("ok")],
    });
    await s.runtime.prompt("go");
    expect(toolResultFor(s.model, "b1")?.isError).toBe(false);
    expect(fs.existsSync(s.at("tool-ran"))).toBe(true);
    expect(fs.existsSync(s.at("guard-ran"))).toBe(false);
    expect(s.runtime.hooks.hooks.map((h) => [h.name, h.enabled])).toEqual([["guard", false]]);
  });

  it("env adds variables for the command, on top of HOOK_* and the inherited environment", async () => {
    const s = await startSession({
      user: {
        hooks: {
          UserPromptSubmit: [
            command('printf "%s|%s|%s|%s" "$HOOK_EVENT" "$HOOK_TOOL_NAME" "$MY_FLAG" "$PWD" > env.txt', {
              env: { MY_FLAG: "on" },
            }),
          ],
        },
      },
      script: [reply.text("ok")],
    });
    await s.runtime.prompt("go");
    expect(fs.readFileSync(s.at("env.txt"), "utf8")).toBe(`UserPromptSubmit||on|${s.project}`);
  });
});
