/**
 * `codebot hooks test` fires Setup, the model switches, ConfigChange, CwdChanged, FileChanged,
 * Elicitation, ElicitationResult, DirectoryAdded and MessageDisplay with the payload a session
 * gives, matched on Claude Code's field.
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { command, runHooksTest, sandbox } from "./support/cli-fixtures.js";
import { expectNoStackTrace, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

const CASES: {
  event: string;
  args: Record<string, unknown>;
  matcher: string;
  payload: Record<string, unknown>;
}[] = [
  {
    event: "Setup",
    args: { trigger: "maintenance" },
    matcher: "maintenance",
    payload: { trigger: "maintenance" },
  },
  {
    event: "PreModelSwitch",
    args: { from_model: "anthropic/claude-sonnet-4-5", to_model: "anthropic/claude-opus-4-1" },
    matcher: "claude-opus-4-1",
    payload: {
      from_model: "anthropic/claude-sonnet-4-5",
      to_model: "anthropic/claude-opus-4-1",
      source: "command",
    },
  },
  {
    event: "PostModelSwitch",
    args: { to_model: "openai/gpt-4.1", requested_model: "gpt-4.1" },
    matcher: "openai/gpt-4.1",
    payload: { to_model: "openai/gpt-4.1", requested_model: "gpt-4.1" },
  },
  {
    event: "ConfigChange",
    args: { source: "local_settings", file_path: "/p/.claude/settings.local.json" },
    matcher: "local_settings",
    payload: { source: "local_settings", file_path: "/p/.claude/settings.local.json" },
  },
  {
    event: "CwdChanged",
    args: { old_cwd: "/p", new_cwd: "/p/src" },
    matcher: "",
    payload: { old_cwd: "/p", new_cwd: "/p/src" },
  },
  {
    event: "FileChanged",
    args: { file_path: "/p/.envrc", event: "unlink" },
    matcher: ".envrc|.env",
    payload: { file_path: "/p/.envrc", event: "unlink" },
  },
  {
    event: "Elicitation",
    args: { mcp_server_name: "github", message: "token?" },
    matcher: "github",
    payload: { mcp_server_name: "github", message: "token?", mode: "form" },
  },
  {
    event: "ElicitationResult",
    args: { mcp_server_name: "github", action: "decline" },
    matcher: "github",
    payload: { mcp_server_name: "github", action: "decline" },
  },
  {
    event: "DirectoryAdded",
    args: { directory: "/p/shared" },
    matcher: "slash_command",
    payload: { directory: "/p/shared", source: "slash_command" },
  },
  {
    event: "MessageDisplay",
    args: { delta: "hello\nworld" },
    matcher: "",
    payload: { delta: "hello\nworld", index: 0, final: true },
  },
];

describe("codebot hooks test for the events of Setup, /model, settings and file changes, and MCP elicitation", () => {
  for (const c of CASES) {
    it(`${c.event}: a Claude Code group matching ${c.matcher || "(all)"} gets Claude Code's payload`, async () => {
      const box = sandbox();
      const settings = box.json("s.json", {
        hooks: {
          [c.event]: [
            { matcher: c.matcher, hooks: [command(`cat > ${box.at("payload.json")}`)] },
            { matcher: "no-such-thing", hooks: [command(`touch ${box.at("other-ran")}`)] },
          ],
        },
      });
      const r = await runHooksTest(box, c.event, ["--args", JSON.stringify(c.args)], { settings });
      expectNoStackTrace(r.stderr);
      expect(r.code).toBe(0);
      expect(JSON.parse(fs.readFileSync(box.at("payload.json"), "utf8"))).toMatchObject({
        hook_event_name: c.event,
        ...c.payload,
      });
      // Claude Code ignores the matcher of events that have none.
      expect(fs.existsSync(box.at("other-ran"))).toBe(
        c.event === "CwdChanged" || c.event === "MessageDisplay",
      );
    });
  }

  it("MessageDisplay: the text a hook shows instead is printed, and is display_content with --json", async () => {
    const box = sandbox();
    const upper = `echo '{"hookSpecificOutput":{"hookEventName":"MessageDisplay","displayContent":"HELLO"}}'`;
    const settings = box.json("s.json", { hooks: { MessageDisplay: [{ hooks: [command(upper)] }] } });
    const r = await runHooksTest(box, "MessageDisplay", ["--args", '{"delta":"hello"}'], { settings });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("shown instead: HELLO");
    const json = await runHooksTest(box, "MessageDisplay", ["--json"], { settings });
    const report = JSON.parse(json.stdout);
    expect(report.decision).toEqual({ blocked: false, display_content: "HELLO" });
    // A native entry's payload has the same fields.
    expect(report.payload).toMatchObject({
      event: "MessageDisplay",
      delta: "synthetic assistant message",
      index: 0,
      final: true,
      turn_id: expect.any(String),
      message_id: expect.any(String),
    });
  });

  it("PreModelSwitch: a deny is a block (exit 2)", async () => {
    const box = sandbox();
    const deny = `echo '{"hookSpecificOutput":{"hookEventName":"PreModelSwitch","permissionDecision":"deny","permissionDecisionReason":"stay on sonnet"}}'`;
    const settings = box.json("s.json", { hooks: { PreModelSwitch: [{ hooks: [command(deny)] }] } });
    const r = await runHooksTest(
      box,
      "PreModelSwitch",
      ["--args", '{"to_model":"anthropic/claude-opus-4-1"}'],
      {
        settings,
      },
    );
    expect(r.code).toBe(2);
    expect(r.stdout).toContain("stay on sonnet");
  });
});
