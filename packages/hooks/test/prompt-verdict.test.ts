import { describe, expect, it } from "vitest";
import { parsePromptVerdict, verdictStdout } from "../src/prompt-verdict.js";

describe("parsePromptVerdict", () => {
  const cases: [string, string, ReturnType<typeof parsePromptVerdict>][] = [
    ["whole text", ' {"ok": true} ', { ok: true }],
    ["whole text, block", '{"ok": false, "reason": "r"}', { ok: false, reason: "r" }],
    ["fenced", '```json\n{"ok": false, "reason": "f"}\n```', { ok: false, reason: "f" }],
    ["prose around", 'Verdict: {"ok": false, "reason": "p"} done', { ok: false, reason: "p" }],
    [
      "braces inside the reason",
      'x {"ok": false, "reason": "use {a} not }b{"} y',
      { ok: false, reason: "use {a} not }b{" },
    ],
    ["non-string reason is dropped", '{"ok": false, "reason": 3}', { ok: false }],
    ["garbage", "no idea", { ok: true }],
    ["empty reply", "", { ok: true }],
    ["non-boolean ok", '{"ok": "no"}', { ok: true }],
    ["ok missing", '{"reason": "r"}', { ok: true }],
    ["a JSON array", '[{"ok": false}]', { ok: false }],
    ["two objects (first { to last } does not parse)", '{"ok": true} and {"ok": false}', { ok: true }],
    [
      "Claude Code's permissionDecision deny, with its reason",
      '{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "no"}}',
      { ok: false, reason: "no" },
    ],
    [
      "Claude Code's permissionDecision allow",
      '{"hookSpecificOutput": {"permissionDecision": "allow"}}',
      { ok: true },
    ],
    [
      "Claude Code's decision block, with its reason",
      '{"decision": "block", "reason": "b"}',
      { ok: false, reason: "b" },
    ],
    ["ok wins over a decision beside it", '{"ok": true, "decision": "block"}', { ok: true }],
  ];
  for (const [name, reply, expected] of cases) {
    it(`reads ${name}`, () => {
      expect(parsePromptVerdict(reply)).toEqual(expected);
    });
  }
});

describe("verdictStdout", () => {
  it("is empty for an allow", () => {
    expect(verdictStdout({ ok: true })).toBe("");
  });

  it("is a codebot block object for a block", () => {
    expect(JSON.parse(verdictStdout({ ok: false, reason: "why" }))).toEqual({ block: true, reason: "why" });
  });
});
