/**
 * A PreToolUse hook that breaks, seen from `codebot -p`: one stderr line a user understands, a
 * trace record that says failed and why, the guarded call still runs (a failed run does not block,
 * HOOKS.md §7.1), and nothing the hook started is left running once codebot has exited.
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { alive } from "../support/process-alive.js";
import { tempDir } from "../support/temp-dirs.js";
import { waitFor } from "../support/wait-for.js";
import { command, printRun, sandbox } from "./support/cli-fixtures.js";
import { jsonLines, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

/** A script file outside the project (a user's own hook, not one the project must have approved). */
function script(text: string, mode: number): string {
  const file = path.join(tempDir("codebot-hook-script-"), "hook.sh");
  fs.writeFileSync(file, text, { mode });
  return file;
}

/** `codebot -p` calling glob once under the PreToolUse hook `cmd` (named "h"), with a trace file. */
async function guardedGlob(cmd: string) {
  const box = sandbox();
  const trace = box.at("trace.jsonl");
  const { r, server } = await printRun(
    "go",
    [reply.toolCall("glob", { pattern: "*" }, "g1"), reply.text("done")],
    {
      box,
      flags: ["--trace-file", trace],
      settings: { hooks: { PreToolUse: [command(cmd, { name: "h", matcher: "glob", blocking: true })] } },
    },
  );
  const records = jsonLines(fs.readFileSync(trace, "utf8")).filter((l) => l.hook === "h");
  return { box, r, server, records };
}

describe("a PreToolUse hook that breaks", () => {
  it.each([
    ["killed by SIGKILL", () => "kill -KILL $$", /^hook h: killed by signal SIGKILL$/],
    ["killed by SIGSEGV", () => "kill -SEGV $$", /^hook h: killed by signal SIGSEGV$/],
    [
      "killed by SIGKILL half-way through a block's JSON",
      () => `printf '{"block": true, "rea'; kill -KILL $$`,
      /^hook h: killed by signal SIGKILL$/,
    ],
    [
      "a script file that is not executable",
      () => script("#!/bin/sh\necho '{}'\n", 0o644),
      /^hook h: exit code 126: .*hook\.sh: Permission denied$/,
    ],
    [
      "a script whose interpreter is missing (#!/usr/bin/env nosuch)",
      () => script("#!/usr/bin/env nosuch\necho '{}'\n", 0o755),
      /^hook h: exit code 127: .*nosuch.*: No such file or directory$/,
    ],
  ])(
    "%s: one stderr line, a failed trace record with the reason, and the call still runs",
    async (_name, cmd, line) => {
      const { r, server, records } = await guardedGlob(cmd());
      expect(r.code).toBe(0);
      expect(r.stdout).toBe("done\n");
      expect(r.stderr.trimEnd().split("\n")).toEqual([expect.stringMatching(line)]);
      expect(records).toEqual([
        expect.objectContaining({ outcome: "failed", error: r.stderr.trimEnd().replace(/^hook h: /, "") }),
      ]);
      expect(server.requests[1]?.body.messages.at(-1).content).toEqual([
        expect.objectContaining({
          type: "tool_result",
          tool_use_id: "g1",
          content: expect.stringContaining("s.json"),
        }),
      ]);
    },
  );

  it("50 MiB on stdout: the run goes on, the trace says stdout was cut", async () => {
    const { r, records } = await guardedGlob("head -c 52428800 /dev/zero | tr '\\0' a");
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe("done\n");
    expect(records).toEqual([expect.objectContaining({ outcome: "allowed", truncated: ["stdout"] })]);
  });

  it("closing its stdout after a block and running on: the block holds once it exits, as in claude", async () => {
    const { r, records } = await guardedGlob(
      `echo '{"block": true, "reason": "no globs"}'; exec >&-; sleep 3`,
    );
    expect(r.code, r.stderr).toBe(0);
    expect(records).toEqual([expect.objectContaining({ outcome: "blocked", exitCode: 0 })]);
    // Waited for its exit, not only for its stdout to close (a lower bound: load only adds to it).
    expect(records[0]?.durationMs).toBeGreaterThanOrEqual(2500);
  });

  it("a daemon it forks, holding stdout open: the hook's own exit decides, and codebot leaves no daemon behind", async () => {
    const { box, r, records } = await guardedGlob(
      "setsid sh -c 'echo $$ > daemon.pid; exec sleep 300' & sleep 0.2; echo '{\"reason\":\"x\"}'",
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe("done\n");
    expect(records).toEqual([expect.objectContaining({ outcome: "allowed", exitCode: 0 })]);
    // The process host ends what codebot's hooks started once codebot is gone: soon, not at once.
    const daemon = Number(fs.readFileSync(box.at("daemon.pid"), "utf8"));
    await waitFor(() => !alive(daemon), 30_000, `the daemon ${daemon} to be ended`);
  });
});

describe("a hook whose working directory was deleted meanwhile", () => {
  it("the project folder removed by a bash call: the next hook's line names the folder, and glob says it is gone", async () => {
    const box = sandbox();
    const trace = path.join(box.home, "trace.jsonl");
    const { r, server } = await printRun(
      "go",
      [
        reply.toolCall("bash", { command: `cd / && rm -rf ${box.project}` }, "b1"),
        reply.toolCall("glob", { pattern: "*" }, "g1"),
        reply.text("done"),
      ],
      {
        box,
        flags: ["--permission-mode", "bypassPermissions", "--trace-file", trace],
        settings: { hooks: { PreToolUse: [command("echo '{}'", { name: "h", matcher: "glob" })] } },
      },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr.split("\n")).toContain(
      `hook h: could not start sh: working directory ${box.project}: No such file or directory`,
    );
    expect(jsonLines(fs.readFileSync(trace, "utf8")).filter((l) => l.toolUseId === "g1")).toEqual([
      expect.objectContaining({ hook: "h", outcome: "failed" }),
    ]);
    expect(server.requests[2]?.body.messages.at(-1).content).toEqual([
      {
        type: "tool_result",
        tool_use_id: "g1",
        content: `glob: ${box.project}: no such directory`,
        is_error: true,
      },
    ]);
  });
});
