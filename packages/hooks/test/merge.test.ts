/**
 * The merge table as data (issue 13): runs folded in configuration order into one ruling, per
 * mode. Runs are built from real interpretations of hook output; no process runs here.
 */
import { describe, expect, it } from "vitest";
import type { HookRun } from "../src/hook-execution.js";
import type { CompiledHook } from "../src/index.js";
import { loadHooks } from "../src/index.js";
import { interpret } from "../src/interpret.js";
import { MERGES, type SyncMode } from "../src/merge.js";
import { layer } from "./support.js";

function hookOf(
  event: "PreToolUse" | "PostStopValidation" | "PostToolUse" | "UserPromptSubmit" | "SessionStart",
  name: string,
  claude = false,
): CompiledHook {
  const entry = { type: "command", name, command: "true", ...(claude ? {} : { blocking: true }) };
  const loaded = loadHooks([
    layer({ hooks: { [event]: [claude ? { matcher: "", hooks: [entry] } : entry] } }),
  ]);
  return loaded.hooks[0] as CompiledHook;
}

/** A run of `hook` that printed `stdout` and exited with `exitCode`; `blocks` as the executor rules it. */
function run(hook: CompiledHook, stdout: string, exitCode = 0, stderr = ""): HookRun {
  const verdict = interpret({ stdout, stderr, exitCode });
  const blocks = verdict.isBlock || (hook.mode === "soft" && verdict.failed);
  return {
    hook,
    record: { time: "", event: hook.event, hook: hook.name, source: "user", file: "", matched: true },
    verdict,
    blocks,
    ...(blocks && verdict.reason ? { blockReason: verdict.reason } : {}),
  };
}

function fold(mode: SyncMode, event: CompiledHook["event"], runs: HookRun[]) {
  const merge = MERGES[mode](event);
  for (const r of runs) {
    const early = merge.add(r);
    if (early) return early;
  }
  return merge.result();
}

const pre = (name: string) => hookOf("PreToolUse", name);

describe("merge table", () => {
  it.each([
    {
      name: "hard: contexts join with a blank line; the last rewrite wins",
      runs: () => [
        run(pre("a"), '{"additional_context":"one","updated_input":{"command":"x"}}'),
        run(pre("b"), '{"additional_context":"two","updated_input":{"command":"y"}}'),
      ],
      ruling: { kind: "allow", context: "one\n\ntwo", updatedInput: { command: "y" }, updatedBy: "b" },
    },
    {
      name: "hard: the first block decides, with its reason and hook",
      runs: () => [run(pre("a"), "", 2, "first"), run(pre("b"), "", 2, "second")],
      ruling: { kind: "block", reason: "first", by: "a" },
    },
    {
      name: "hard: continue: false outranks a block in the same run, and carries the block as the call's refusal",
      runs: () => [run(pre("a"), '{"continue":false,"stopReason":"done","block":true}')],
      ruling: { kind: "stop", reason: "done", by: "a", refusal: "done" },
    },
    {
      name: "hard: ask outranks allow",
      runs: () => [
        run(pre("a"), '{"hookSpecificOutput":{"permissionDecision":"allow"}}'),
        run(
          pre("b"),
          '{"hookSpecificOutput":{"permissionDecision":"ask","permissionDecisionReason":"sure?"}}',
        ),
        run(pre("c"), '{"hookSpecificOutput":{"permissionDecision":"allow"}}'),
      ],
      ruling: { kind: "allow", permission: { answer: "ask", reason: "sure?", by: "b" } },
    },
  ])("$name", ({ runs, ruling }) => {
    expect(fold("hard", "PreToolUse", runs())).toEqual(ruling);
  });

  it("soft: the first failing validator's trimmed stdout is the feedback", () => {
    const tests = hookOf("PostStopValidation", "tests");
    expect(fold("soft", "PostStopValidation", [run(tests, "  2 failed \n", 1)])).toEqual({
      kind: "block",
      reason: "2 failed",
      by: "tests",
    });
    expect(fold("soft", "PostStopValidation", [run(tests, "ok")])).toEqual({ kind: "allow" });
  });

  it("feedback: every block reason joins, context is kept, and a stop wins", () => {
    const a = hookOf("PostToolUse", "a", true);
    const b = hookOf("PostToolUse", "b", true);
    const blocks = [
      run(a, '{"decision":"block","reason":"lint"}'),
      run(b, '{"decision":"block","reason":"types","hookSpecificOutput":{"additionalContext":"ran tsc"}}'),
    ];
    expect(fold("feedback", "PostToolUse", blocks)).toEqual({
      kind: "block",
      reason: "lint\n\ntypes",
      by: "a",
      context: "ran tsc",
    });
    expect(
      fold("feedback", "PostToolUse", [...blocks, run(b, '{"continue":false,"stopReason":"enough"}')]),
    ).toEqual({
      kind: "stop",
      reason: "enough",
      by: "b",
    });
  });

  it("a session title: the last hook's wins, on a hard event and on a feedback one", () => {
    const title = (text: string) =>
      `{"hookSpecificOutput":{"hookEventName":"X","sessionTitle":${JSON.stringify(text)}}}`;
    const prompt = (name: string) => hookOf("UserPromptSubmit", name, true);
    expect(
      fold("hard", "UserPromptSubmit", [run(prompt("a"), title("one")), run(prompt("b"), title(" two "))]),
    ).toEqual({ kind: "allow", sessionTitle: "two" });
    const start = (name: string) => hookOf("SessionStart", name, true);
    expect(fold("feedback", "SessionStart", [run(start("a"), title("one")), run(start("b"), "{}")])).toEqual({
      kind: "allow",
      sessionTitle: "one",
    });
  });
});
