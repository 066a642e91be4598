import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readJson, runnerFor } from "./support.js";

describe("PostStopValidation (soft block)", () => {
  it("passing validators leave the stop alone", async () => {
    const { runner } = runnerFor({ PostStopValidation: [{ type: "command", command: "echo all good" }] });
    expect(await runner.postStopValidation({ stopHookActive: false })).toMatchObject({ kind: "allow" });
  });

  it("gets its fixed message and stop_hook_active", async () => {
    const { runner, dir } = runnerFor({ PostStopValidation: [{ type: "command", command: "cat > v.json" }] });
    await runner.postStopValidation({ stopHookActive: true });
    expect(readJson(join(dir, "v.json"))).toEqual({
      event: "PostStopValidation",
      session_id: "sess-1",
      cwd: dir,
      transcript_path: join(dir, "transcript.jsonl"),
      message: "post-stop validation",
      stop_hook_active: true,
    });
  });

  it("the first hook that fails decides, with its trimmed stdout as feedback", async () => {
    const { runner } = runnerFor({
      PostStopValidation: [
        { type: "command", command: "echo fine" },
        { type: "command", name: "tests", command: "echo '  2 tests failed  '; exit 1" },
        { type: "command", name: "lint", command: "echo lint failed; exit 1" },
      ],
    });
    const decision = await runner.postStopValidation({ stopHookActive: false });
    expect(decision).toMatchObject({ kind: "block", reason: "2 tests failed", by: "tests" });
    expect(decision.trace.map((r) => r.hook)).toEqual(["PostStopValidation[0] command: echo fine", "tests"]);
  });

  it("a non-blocking hook's failure counts: every validator decides", async () => {
    const { runner } = runnerFor({
      PostStopValidation: [{ type: "command", blocking: false, command: "exit 2" }],
    });
    expect(await runner.postStopValidation({ stopHookActive: false })).toMatchObject({
      kind: "block",
      reason: "blocked by hook",
    });
  });

  it("without stdout the block reason is the feedback", async () => {
    const { runner } = runnerFor({
      PostStopValidation: [{ type: "command", command: "echo 'type errors' >&2; exit 2" }],
    });
    expect(await runner.postStopValidation({ stopHookActive: false })).toMatchObject({
      kind: "block",
      reason: "type errors",
    });
  });

  it("JSON on stdout gives its reason as feedback, not the raw JSON", async () => {
    const { runner } = runnerFor({
      PostStopValidation: [
        { type: "command", command: `echo '{"decision":"block","reason":"run the tests first"}'` },
      ],
    });
    expect(await runner.postStopValidation({ stopHookActive: false })).toMatchObject({
      kind: "block",
      reason: "run the tests first",
    });
  });

  it("without stdout a failure gives the error text with stderr", async () => {
    const { runner } = runnerFor({
      PostStopValidation: [
        { type: "command", name: "build", command: "echo 'cannot find module x' >&2; exit 1" },
      ],
    });
    expect(await runner.postStopValidation({ stopHookActive: false })).toMatchObject({
      kind: "block",
      reason: "build failed: exit code 1\ncannot find module x",
    });
  });

  it("a timed-out validator fails", async () => {
    const { runner } = runnerFor({
      PostStopValidation: [{ type: "command", name: "slow", timeout: 0.3, command: "sleep 20" }],
    });
    expect(await runner.postStopValidation({ stopHookActive: false })).toMatchObject({
      kind: "block",
      reason: "slow failed: timed out after 0.3s",
    });
  });
});
