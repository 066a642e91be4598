/**
 * `codebot hooks test` gives a hook the fields a session gives it for Stop, PreCompact,
 * SessionStart and SessionEnd (set with `--args`), and takes Claude Code's tool names.
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { command, group, runHooksTest, type Sandbox, sandbox } from "./support/cli-fixtures.js";
import { expectNoStackTrace, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

interface Report {
  payload: Record<string, unknown>;
  claude_payload: Record<string, unknown>;
  trace: { hook: string; skipped?: string }[];
}

async function hooksTest(box: Sandbox, hooks: unknown, event: string, flags: string[]) {
  const file = box.json("s.json", { hooks });
  const r = await runHooksTest(box, event, [...flags, "--json"], { settings: file });
  expect(r.stderr).toBe("");
  return { code: r.code, report: JSON.parse(r.stdout) as Report };
}

const readJson = (box: Sandbox, rel: string) => JSON.parse(fs.readFileSync(box.at(rel), "utf8"));

describe("codebot hooks test: the fields a session gives", () => {
  it("Stop: stop_hook_active and last_assistant_message are in the payload, by default and from --args", async () => {
    const box = sandbox();
    // A field the payload lacks would read as null here (and as a KeyError in a Python hook).
    const stop = {
      Stop: [
        group(
          "",
          command("jq -c '{active: .stop_hook_active, last: .last_assistant_message}' >> stop.jsonl"),
        ),
      ],
    };
    expect((await hooksTest(box, stop, "Stop", [])).code).toBe(0);
    await hooksTest(box, stop, "Stop", [
      "--args",
      '{"stop_hook_active":true,"last_assistant_message":"All done."}',
    ]);
    const lines = fs
      .readFileSync(box.at("stop.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines).toEqual([
      { active: false, last: "synthetic final answer" },
      { active: true, last: "All done." },
    ]);
  });

  it("PreCompact: --args trigger picks the group whose matcher is auto; the default is manual", async () => {
    const box = sandbox();
    const hooks = {
      PreCompact: [
        group("auto", command("cat > auto.json", { name: "on-auto" })),
        group("manual", command("true", { name: "on-manual" })),
      ],
    };
    const auto = await hooksTest(box, hooks, "PreCompact", [
      "--args",
      '{"trigger":"auto","custom_instructions":"keep the API notes"}',
    ]);
    expect(auto.report.trace.find((t) => t.hook === "on-auto")?.skipped).toBeUndefined();
    expect(auto.report.trace.find((t) => t.hook === "on-manual")?.skipped).toBe("matcher");
    expect(readJson(box, "auto.json")).toMatchObject({
      trigger: "auto",
      custom_instructions: "keep the API notes",
    });
    const manual = await hooksTest(box, hooks, "PreCompact", []);
    expect(manual.report.claude_payload).toMatchObject({ trigger: "manual", custom_instructions: null });
    expect(manual.report.trace.find((t) => t.hook === "on-auto")?.skipped).toBe("matcher");
  });

  it("SessionStart and SessionEnd: --args source and reason reach the hooks and pick their groups", async () => {
    const box = sandbox();
    const hooks = {
      SessionStart: [group("resume", command("cat > start.json"))],
      SessionEnd: [group("clear", command("cat > end.json"))],
    };
    await hooksTest(box, hooks, "SessionStart", ["--args", '{"source":"resume"}']);
    await hooksTest(box, hooks, "SessionEnd", ["--args", '{"reason":"clear"}']);
    expect(readJson(box, "start.json")).toMatchObject({ hook_event_name: "SessionStart", source: "resume" });
    expect(readJson(box, "end.json")).toMatchObject({ hook_event_name: "SessionEnd", reason: "clear" });
    // Without --args: a new session's source, and the reason a session ended by other means gives.
    const defaults = await hooksTest(box, { SessionStart: [group("", command("true"))] }, "SessionStart", []);
    expect(defaults.report.claude_payload).toMatchObject({ source: "startup" });
    const end = await hooksTest(box, { SessionEnd: [group("", command("true"))] }, "SessionEnd", []);
    expect(end.report.claude_payload).toMatchObject({ reason: "other" });
  });

  it("SessionStart resume: the cache fields a resume gives, by default as after a response just now, and from --args", async () => {
    const box = sandbox();
    const hooks = { SessionStart: [group("resume", command("true"))] };
    const plain = await hooksTest(box, hooks, "SessionStart", ["--args", '{"source":"resume"}']);
    expect(plain.report.claude_payload).toMatchObject({
      source: "resume",
      seconds_since_last_response: 0,
      context_tokens: 0,
      prompt_cache_likely_expired: false,
      estimated_cache_write_usd: 0,
    });
    const args =
      '{"source":"resume","seconds_since_last_response":400,"context_tokens":204500,"estimated_cache_write_usd":0.7669}';
    const cold = await hooksTest(box, hooks, "SessionStart", ["--args", args]);
    expect(cold.report.claude_payload).toMatchObject({
      seconds_since_last_response: 400,
      context_tokens: 204500,
      prompt_cache_likely_expired: true,
      estimated_cache_write_usd: 0.7669,
    });
    const startup = await hooksTest(box, { SessionStart: [group("", command("true"))] }, "SessionStart", []);
    expect(startup.report.claude_payload).not.toHaveProperty("context_tokens");
    const bad = await runHooksTest(box, "SessionStart", [
      "--args",
      '{"source":"resume","context_tokens":"many"}',
    ]);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr.trim()).toBe(
      'codebot: hooks test: SessionStart: --args context_tokens must be a number of 0 or more (got "many")',
    );
  });

  it("--tool takes Claude Code's name: the native payload has codebot's, the group Bash's tool_response", async () => {
    const box = sandbox();
    const { report } = await hooksTest(
      box,
      { PostToolUse: [command("true", { matcher: "bash" }), group("Bash", command("true"))] },
      "PostToolUse",
      ["--tool", "Bash", "--args", '{"command":"ls"}', "--output", "a.txt"],
    );
    expect(report.payload).toMatchObject({ tool: "bash" });
    expect(report.claude_payload).toMatchObject({
      tool_name: "Bash",
      tool_response: { stdout: "a.txt", stderr: "", interrupted: false, output: "a.txt", success: true },
    });
    expect(report.trace.every((t) => t.skipped === undefined)).toBe(true);
  });

  it("a Read call's tool_response has Claude Code's file structure, --output as the lines shown", async () => {
    const box = sandbox();
    const { report } = await hooksTest(
      box,
      { PostToolUse: [group("Read", command("true"))] },
      "PostToolUse",
      ["--tool", "Read", "--args", '{"file_path":"a.txt"}', "--output", "one\ntwo"],
    );
    expect(report.claude_payload).toMatchObject({
      tool_response: {
        type: "text",
        file: { filePath: box.at("a.txt"), content: "one\ntwo", numLines: 2, startLine: 1, totalLines: 2 },
      },
    });
  });

  it("an --args value no session gives is refused, naming what it takes", async () => {
    const box = sandbox();
    const file = box.json("s.json", { hooks: {} });
    const r = await runHooksTest(box, "PreCompact", ["--args", '{"trigger":"sometimes"}'], {
      settings: file,
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      'PreCompact: --args trigger must be one of "manual", "auto" (got "sometimes")',
    );
    expectNoStackTrace(r.stderr);
  });
});
