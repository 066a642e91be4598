/**
 * `codebot hooks test` fires each event issue 14 added (events-a's part) with the payload a session
 * gives, so a user can see why a hook does or does not fire.
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { command, group, runHooksTest, type Sandbox, sandbox } from "./support/cli-fixtures.js";
import { useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

interface Report {
  claude_payload: Record<string, unknown>;
  decision: Record<string, unknown>;
  blocked: boolean;
  trace: { hook: string; matched: boolean; skipped?: string; outcome?: string }[];
}

async function hooksTest(box: Sandbox, settings: unknown, event: string, flags: string[]) {
  const file = box.json("s.json", settings);
  const r = await runHooksTest(box, event, [...flags, "--json"], { settings: file });
  return { code: r.code, report: JSON.parse(r.stdout) as Report, stderr: r.stderr };
}

describe("codebot hooks test: issue 14's events", () => {
  it("InstructionsLoaded: the load_reason matcher picks the group; file_path is the project's file", async () => {
    const box = sandbox();
    const { code, report } = await hooksTest(
      box,
      {
        hooks: {
          InstructionsLoaded: [
            group("include", command("cat > loaded.json", { name: "on-include" })),
            group("session_start", command("true", { name: "on-start" })),
          ],
        },
      },
      "InstructionsLoaded",
      ["--args", '{"file_path":"docs/style.md","load_reason":"include","memory_type":"Local"}'],
    );
    expect(code).toBe(0);
    expect(report.claude_payload).toMatchObject({
      hook_event_name: "InstructionsLoaded",
      file_path: box.at("docs/style.md"),
      load_reason: "include",
      memory_type: "Local",
    });
    expect(report.trace.find((t) => t.hook === "on-start")?.skipped).toBe("matcher");
    expect(JSON.parse(fs.readFileSync(box.at("loaded.json"), "utf8"))).toMatchObject({
      load_reason: "include",
    });
  });

  it("PermissionRequest: a deny is a block (exit 2) with the hook's message", async () => {
    const box = sandbox();
    const deny = `echo '{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"deny","message":"not here"}}}'`;
    const { code, report } = await hooksTest(
      box,
      { hooks: { PermissionRequest: [group("Bash", command(deny, { name: "gate" }))] } },
      "PermissionRequest",
      ["--tool", "bash", "--args", '{"command":"ls"}'],
    );
    expect(code).toBe(2);
    expect(report.claude_payload).toMatchObject({ tool_name: "Bash", tool_input: { command: "ls" } });
    expect(report.decision).toMatchObject({ blocked: true, reason: "not here" });
  });

  it("PostToolBatch: one call from --tool/--args/--output; a block exits 2", async () => {
    const box = sandbox();
    const { code, report } = await hooksTest(
      box,
      { hooks: { PostToolBatch: [group("", command(`echo '{"decision":"block","reason":"enough"}'`))] } },
      "PostToolBatch",
      ["--tool", "bash", "--args", '{"command":"ls"}', "--output", "a.txt"],
    );
    expect(code).toBe(2);
    expect(report.claude_payload.tool_calls).toEqual([
      { tool_name: "Bash", tool_input: { command: "ls" }, tool_use_id: "hooks-test", tool_response: "a.txt" },
    ]);
  });

  it("PermissionDenied, StopFailure and Notification run their matching hooks in the background", async () => {
    const box = sandbox();
    const settings = {
      hooks: {
        PermissionDenied: [group("Bash", command("cat > denied.json"))],
        StopFailure: [
          group("rate_limit", command("cat > failure.json")),
          group("overloaded", command("true")),
        ],
        Notification: [group("idle_prompt", command("cat > idle.json"))],
      },
    };
    const denied = await hooksTest(box, settings, "PermissionDenied", ["--tool", "bash"]);
    expect(denied.code).toBe(0);
    expect(JSON.parse(fs.readFileSync(box.at("denied.json"), "utf8"))).toMatchObject({
      hook_event_name: "PermissionDenied",
      tool_name: "Bash",
      reason: "permission denied: bash needs approval",
    });
    const failure = await hooksTest(box, settings, "StopFailure", ["--args", '{"error":"rate_limit"}']);
    // Background hooks are traced as they finish: the one the matcher skipped comes first.
    expect(failure.report.trace.map((t) => t.skipped ?? "ran").sort()).toEqual(["matcher", "ran"]);
    expect(JSON.parse(fs.readFileSync(box.at("failure.json"), "utf8"))).toMatchObject({
      hook_event_name: "StopFailure",
      error: "rate_limit",
    });
    await hooksTest(box, settings, "Notification", ["--args", '{"notification_type":"idle_prompt"}']);
    expect(JSON.parse(fs.readFileSync(box.at("idle.json"), "utf8"))).toMatchObject({
      notification_type: "idle_prompt",
      message: "codebot is waiting for your input",
    });
  });
});
