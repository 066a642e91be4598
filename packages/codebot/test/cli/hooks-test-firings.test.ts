/**
 * `codebot hooks test` reproduces the firings in which a session runs an event's native entries
 * but skips its Claude Code groups: PostToolUse for a call that failed (`--failed`, trace `failed
 * call`) and SubagentStop for a run that was stopped (`--stopped`, trace `stopped run`).
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { command, runHooksTest, type Sandbox, sandbox } from "./support/cli-fixtures.js";
import { cliEnv, expectNoStackTrace, runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

interface Report {
  payload: Record<string, unknown>;
  trace: { hook: string; skipped?: string; outcome?: string }[];
}

/** A native entry named "observer" and a Claude Code group, each saving the payload it gets. */
function observers(box: Sandbox, event: string): string {
  return box.json("s.json", {
    hooks: {
      [event]: [
        command("cat > native.json", { name: "observer" }),
        { matcher: "", hooks: [command("cat > group.json")] },
      ],
    },
  });
}

async function hooksTest(box: Sandbox, event: string, flags: string[]) {
  const r = await runHooksTest(box, event, [...flags, "--json"], { settings: observers(box, event) });
  expect(r.stderr).toBe("");
  return { code: r.code, report: JSON.parse(r.stdout) as Report };
}

/** Each hook's trace: `ran`, or why it was skipped. */
const outcomes = (report: Report) =>
  Object.fromEntries(
    report.trace.map((t) => [t.hook === "observer" ? "native" : "group", t.skipped ?? "ran"]),
  );

const readJson = (box: Sandbox, rel: string) => JSON.parse(fs.readFileSync(box.at(rel), "utf8"));

const bashCall = ["--tool", "Bash", "--args", '{"command":"make"}'];

describe("codebot hooks test: firings that skip Claude Code groups", () => {
  it("PostToolUse --failed: the native entry gets the failed call (is_error, the error as output); the group is skipped as a failed call", async () => {
    const box = sandbox();
    const { code, report } = await hooksTest(box, "PostToolUse", [
      ...bashCall,
      "--failed",
      "--output",
      "exit 2",
    ]);
    expect(code).toBe(0);
    expect(outcomes(report)).toEqual({ native: "ran", group: "failed call" });
    expect(readJson(box, "native.json")).toMatchObject({ tool: "bash", output: "exit 2", is_error: true });
    expect(fs.existsSync(box.at("group.json"))).toBe(false);
    // Without it, a call that succeeded: both run.
    const { report: succeeded } = await hooksTest(box, "PostToolUse", bashCall);
    expect(outcomes(succeeded)).toEqual({ native: "ran", group: "ran" });
    expect(readJson(box, "native.json")).toMatchObject({ is_error: false });
  });

  it("SubagentStop --stopped: the native entry runs; the group is skipped as a stopped run", async () => {
    const box = sandbox();
    const { code, report } = await hooksTest(box, "SubagentStop", ["--agent", "Explore", "--stopped"]);
    expect(code).toBe(0);
    expect(outcomes(report)).toEqual({ native: "ran", group: "stopped run" });
    expect(readJson(box, "native.json")).toMatchObject({ event: "SubagentStop", agent: "Explore" });
    expect(fs.existsSync(box.at("group.json"))).toBe(false);
    // Without it, a run that ended by itself: both run.
    const { report: ended } = await hooksTest(box, "SubagentStop", ["--agent", "Explore"]);
    expect(outcomes(ended)).toEqual({ native: "ran", group: "ran" });
  });

  it("the trace line says why, as a session's does, and no Claude Code payload is shown (no group gets one)", async () => {
    const box = sandbox();
    const r = await runHooksTest(box, "SubagentStop", ["--agent", "Explore", "--stopped"], {
      settings: observers(box, "SubagentStop"),
    });
    expectNoStackTrace(r.stderr);
    expect(r.stdout).toMatch(
      /hook SubagentStop "SubagentStop\[1\]\.hooks\[0\] [^\n]*· skipped: stopped run\n/,
    );
    expect(r.stdout).toMatch(/^payload \{/m);
    expect(r.stdout).not.toContain("payload (Claude Code groups)");
  });

  it("refuses --failed and --stopped for an event they do not describe, with one line", async () => {
    const box = sandbox();
    const stopped = await runHooksTest(box, "Stop", ["--stopped"]);
    expect(stopped.stderr).toBe("codebot: hooks test: --stopped is for SubagentStop, not Stop\n");
    const failed = await runHooksTest(box, "PreToolUse", [...bashCall, "--failed"]);
    expect(failed.stderr).toBe(
      "codebot: hooks test: --failed is for PostToolUse and PostToolUseFailure, not PreToolUse\n",
    );
    for (const r of [stopped, failed]) expect(r.code).toBe(1);
  });

  it("--help names both flags and what they skip", async () => {
    const help = await runCli(["hooks", "test", "--help"], { env: cliEnv(sandbox().home) });
    expect(help.stdout).toMatch(/--failed\s[\s\S]*failed call/);
    expect(help.stdout).toMatch(/--stopped\s[\s\S]*stopped run/);
  });
});
