/**
 * `codebot hooks test PostToolUseFailure --interrupted` reproduces a call the run's interrupt cut
 * off (Esc, Ctrl+C) as the session fires it (middleware.ts): a native entry gets the error a call
 * cut off gets (`tool bash: aborted`, unless `--output` says otherwise); a Claude Code group is
 * skipped (`stopped run`), as claude 2.1.328 starts no PostToolUseFailure hook for an interrupted
 * call (recorded: Esc, Ctrl+C, the SDK's interrupt, SIGINT in -p).
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { command, runHooksTest, type Sandbox, sandbox } from "./support/cli-fixtures.js";
import { useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

const bashCall = ["--tool", "Bash", "--args", '{"command":"sleep 60"}'];

/** A native entry and a Claude Code group on PostToolUseFailure, each saving the payload it gets. */
function observers(box: Sandbox): string {
  return box.json("s.json", {
    hooks: {
      PostToolUseFailure: [
        command("cat > native.json", { name: "observer" }),
        { matcher: "", hooks: [command("cat > group.json")] },
      ],
    },
  });
}

async function failure(box: Sandbox, flags: string[]) {
  const r = await runHooksTest(box, "PostToolUseFailure", [...bashCall, ...flags], {
    settings: observers(box),
  });
  expect(r.stderr).toBe("");
  expect(r.code).toBe(0);
  const read = (file: string) =>
    fs.existsSync(box.at(file)) ? JSON.parse(fs.readFileSync(box.at(file), "utf8")) : undefined;
  return { r, native: read("native.json"), group: read("group.json") };
}

describe("codebot hooks test PostToolUseFailure --interrupted", () => {
  it("the native entry gets the error of a call cut off; the group is skipped, stopped run, as claude starts none", async () => {
    const box = sandbox();
    const { r, native, group } = await failure(box, ["--interrupted"]);
    expect(native).toMatchObject({ tool: "bash", output: "tool bash: aborted", is_error: true });
    expect(group).toBeUndefined();
    expect(r.stdout).toMatch(/hook PostToolUseFailure ".*cat > group\.json".* · skipped: stopped run/);
  });

  it("without it, a call that failed by itself: the group runs, is_interrupt false", async () => {
    const { group } = await failure(sandbox(), []);
    expect(group).toMatchObject({ error: "synthetic tool failure", is_interrupt: false });
  });

  it("--output gives the interrupted call's own error (a bash command's, as the session sends it)", async () => {
    const output = "partial output\n[command aborted; its process group was killed]";
    const { native } = await failure(sandbox(), ["--interrupted", "--output", output]);
    expect(native).toMatchObject({ output, is_error: true });
  });

  it("is refused in one line for another event, PostToolUse too (its payloads have no such field)", async () => {
    const box = sandbox();
    for (const event of ["PostToolUse", "PreToolUse"]) {
      const r = await runHooksTest(box, event, [...bashCall, "--interrupted"]);
      expect(r.code).toBe(1);
      expect(r.stderr).toBe(`codebot: hooks test: --interrupted is for PostToolUseFailure, not ${event}\n`);
    }
  });
});
