/**
 * Claude Code's hook lifecycle lines in stream-json, as claude 2.1.328 writes them (checked with a
 * loopback server): `system`/`hook_started` and `system`/`hook_response` (paired by `hook_id`,
 * named `<event>:<subject>`, with stdout, stderr, exit code and outcome). Always for SessionStart
 * hooks; for every event's hooks with `--include-hook-events`.
 */
import { existsSync } from "node:fs";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { jsonLines, runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

type Line = Record<string, unknown>;

// A pause between a hook's stdout and stderr: `output` has them in the order they came.
const PRE_TOOL_USE = [
  { type: "command", command: "echo pre-ok; sleep 0.1; echo pre-err >&2" },
  { type: "command", command: "echo failing; exit 1" },
  { type: "command", command: "echo nope >&2; exit 2" },
];

/** A run with a SessionStart hook, and these PreToolUse hooks (default: three) on its one bash call. */
async function hookedRun(extra: string[], preToolUse = PRE_TOOL_USE): Promise<Line[]> {
  const box = sandbox();
  const settings = box.json("hooks.json", {
    hooks: {
      SessionStart: [{ hooks: [{ type: "command", command: "echo ss-out; sleep 0.1; echo ss-err >&2" }] }],
      PreToolUse: [{ matcher: "Bash", hooks: preToolUse }],
    },
  });
  const server = await modelServer([
    reply.toolCall("bash", { command: "echo hi" }, "c1"),
    reply.text("done"),
  ]);
  const r = await runCli(
    ["-p", "go", "--output-format", "stream-json", "--settings", settings, "--cwd", box.project, ...extra],
    { env: modelEnv(server, box.home) },
  );
  expect(r.code, r.stderr).toBe(0);
  return jsonLines(r.stdout) as Line[];
}

const lifecycle = (lines: Line[]) =>
  lines.filter((l) => l.subtype === "hook_started" || l.subtype === "hook_response");

describe("Claude Code's hook lifecycle lines in stream-json", () => {
  it("without --include-hook-events only SessionStart hooks have them, the start before the init line", async () => {
    const lines = await hookedRun([]);
    const hookLines = lifecycle(lines);
    expect(hookLines.map((l) => `${l.subtype} ${l.hook_name}`)).toEqual([
      "hook_started SessionStart:startup",
      "hook_response SessionStart:startup",
    ]);
    expect(lines.indexOf(hookLines[0] as Line)).toBeLessThan(lines.findIndex((l) => l.subtype === "init"));
    expect(hookLines[1]).toMatchObject({
      type: "system",
      hook_id: hookLines[0]?.hook_id,
      hook_event: "SessionStart",
      output: "ss-out\nss-err\n",
      stdout: "ss-out\n",
      stderr: "ss-err\n",
      exit_code: 0,
      outcome: "success",
    });
  });

  it("--include-hook-events adds every hook's, with its output, exit code and outcome", async () => {
    const lines = await hookedRun(["--include-hook-events"]);
    const pre = lifecycle(lines).filter((l) => l.hook_event === "PreToolUse");
    expect(pre.every((l) => l.hook_name === "PreToolUse:Bash" && typeof l.session_id === "string")).toBe(
      true,
    );
    const started = pre.filter((l) => l.subtype === "hook_started");
    const responses = pre.filter((l) => l.subtype === "hook_response");
    expect(started).toHaveLength(3);
    // Each response answers one start, by its hook_id.
    expect(responses.map((l) => l.hook_id).sort()).toEqual(started.map((l) => l.hook_id).sort());
    const fields = responses.map(({ output, stdout, stderr, exit_code, outcome }) => ({
      output,
      stdout,
      stderr,
      exit_code,
      outcome,
    }));
    expect(fields).toEqual(
      expect.arrayContaining([
        {
          output: "pre-ok\npre-err\n",
          stdout: "pre-ok\n",
          stderr: "pre-err\n",
          exit_code: 0,
          outcome: "success",
        },
        { output: "failing\n", stdout: "failing\n", stderr: "", exit_code: 1, outcome: "error" },
        { output: "nope\n", stdout: "", stderr: "nope\n", exit_code: 2, outcome: "error" },
      ]),
    );
    // codebot's own hook lines stay beside claude's.
    expect(lines.filter((l) => l.subtype === "hook" && l.event === "PreToolUse")).toHaveLength(3);
  });

  it("--include-hook-events reports a running hook's output so far in hook_progress lines, before its response", async () => {
    // Two seconds and a half of silence after a line: the output is reported while the hook runs.
    const lines = await hookedRun(
      ["--include-hook-events"],
      [{ type: "command", command: "echo line1; sleep 2.5; echo line2" }],
    );
    const pre = lifecycle(lines).filter((l) => l.hook_event === "PreToolUse");
    const progress = lines.filter((l) => l.subtype === "hook_progress");
    expect(progress.length).toBeGreaterThan(0);
    expect(progress[0]).toMatchObject({
      type: "system",
      hook_id: pre[0]?.hook_id,
      hook_name: "PreToolUse:Bash",
      hook_event: "PreToolUse",
      stdout: "line1\n",
      stderr: "",
      output: "line1\n",
    });
    const response = pre.find((l) => l.subtype === "hook_response");
    expect(response?.stdout).toBe("line1\nline2\n");
    for (const line of progress) expect(lines.indexOf(line)).toBeLessThan(lines.indexOf(response as Line));
  });

  it("a hook_progress and hook_response line's output is stdout and stderr in the order they came, as claude's", async () => {
    // claude 2.1.328 wrote "one\ntwo\nthree\n" for this order of writes (stdout, stderr, stdout).
    const lines = await hookedRun(
      ["--include-hook-events"],
      [{ type: "command", command: "echo one; sleep 0.3; echo two >&2; sleep 1.5; echo three" }],
    );
    const pre = lifecycle(lines).filter((l) => l.hook_event === "PreToolUse");
    const progress = lines.filter((l) => l.subtype === "hook_progress" && l.hook_event === "PreToolUse");
    expect(progress[0]).toMatchObject({ stdout: "one\n", stderr: "two\n", output: "one\ntwo\n" });
    expect(pre.find((l) => l.subtype === "hook_response")).toMatchObject({
      stdout: "one\nthree\n",
      stderr: "two\n",
      output: "one\ntwo\nthree\n",
    });
  });
});

describe("SessionEnd hooks in stream-json, as claude 2.1.328: after the result line, in no claude line", () => {
  /** A one-answer run whose SessionEnd hook leaves a file. */
  async function sessionEndRun(extra: string[]) {
    const box = sandbox();
    const marker = `${box.project}/ended`;
    const settings = box.json("hooks.json", {
      hooks: { SessionEnd: [{ hooks: [{ type: "command", command: `echo bye; touch '${marker}'` }] }] },
    });
    const server = await modelServer([reply.text("done")]);
    const r = await runCli(
      ["-p", "go", "--output-format", "stream-json", "--settings", settings, "--cwd", box.project, ...extra],
      { env: modelEnv(server, box.home) },
    );
    expect(r.code, r.stderr).toBe(0);
    return { lines: jsonLines(r.stdout) as Line[], marker };
  }

  it("the result line comes before the SessionEnd hook runs, and the hook still runs", async () => {
    const { lines, marker } = await sessionEndRun(["--verbose"]);
    const result = lines.findIndex((l) => l.type === "result");
    const sessionEnd = lines.findIndex((l) => l.subtype === "hook_start" && l.event === "SessionEnd");
    expect(result).toBeGreaterThan(-1);
    expect(sessionEnd).toBeGreaterThan(result);
    expect(existsSync(marker)).toBe(true);
  });

  it("--include-hook-events writes no hook_started or hook_response line for SessionEnd hooks", async () => {
    const { lines } = await sessionEndRun(["--include-hook-events"]);
    expect(lines.filter((l) => l.subtype === "hook" && l.event === "SessionEnd")).toHaveLength(1);
    expect(lifecycle(lines).filter((l) => l.hook_event === "SessionEnd")).toEqual([]);
  });
});
