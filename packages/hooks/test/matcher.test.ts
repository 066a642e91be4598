import { describe, expect, it } from "vitest";
import { MatcherSyntaxError, matchesAnyName, parseMatcher, toolNames } from "../src/index.js";

const matchesTool = (pattern: string, tool: string) => matchesAnyName(parseMatcher(pattern), toolNames(tool));

describe("parseMatcher", () => {
  it.each([
    ["bash", "Bash", true],
    ["Bash", "bash", true],
    ["bash", "write", false],
    ["bash", "bash2", false],
    ["", "anything", true],
    ["", "", true],
    ["   ", "write", true],
    ["/write|edit/i", "Write", true],
    ["/write|edit/i", "bash", false],
    ["/write|edit/", "Write", false],
    ["/rit/", "write", true],
    ["/^rit/", "write", false],
  ])("%j on %j → %s", (pattern, subject, expected) => {
    expect(parseMatcher(pattern).test(subject)).toBe(expected);
  });

  it("exact matching folds Unicode case", () => {
    expect(parseMatcher("STRASSE").test("straße")).toBe(true);
    expect(parseMatcher("ΣΊΣΥΦΟΣ").test("σίσυφος")).toBe(true);
  });

  it("text after the last slash is flags, only i is known", () => {
    expect(() => parseMatcher("/usr/bin")).toThrow(MatcherSyntaxError);
    expect(() => parseMatcher("/usr/bin")).toThrow(/unknown regex flag "b"/);
  });

  it("a slash with no closing slash is an exact name", () => {
    expect(parseMatcher("/bash").test("/BASH")).toBe(true);
  });

  it.each(["/[invalid/", "/(a)\\1/", "/(?=x)y/", "/(?<=a)b/"])("RE2 rejects %s with a typed error", (p) => {
    expect(() => parseMatcher(p)).toThrow(MatcherSyntaxError);
    expect(() => parseMatcher(p)).toThrow(/^invalid regular expression/);
  });

  it("a catastrophic pattern runs in linear time over 1 MiB", () => {
    const m = parseMatcher("/(a+)+$/");
    const text = `${"a".repeat(1 << 20)}!`;
    const start = performance.now();
    expect(m.test(text)).toBe(false);
    expect(performance.now() - start).toBeLessThan(2_000);
  });
});

describe("tool aliases", () => {
  it.each([
    ["Bash", "bash"],
    ["/^Bash$/", "bash"],
    ["Write", "write"],
    ["TaskCreate", "task_create"],
    ["TaskUpdate", "task_update"],
    ["Task", "agent"],
    ["Agent", "agent"],
    ["agent", "Task"],
    ["Grep", "grep"],
    ["Glob", "glob"],
    ["Read", "read"],
    ["Edit", "edit"],
  ])("a matcher naming %s matches the tool %s", (pattern, tool) => {
    expect(matchesTool(pattern, tool)).toBe(true);
  });

  it("an alias does not leak across tools", () => {
    expect(matchesTool("Task", "task_create")).toBe(false);
    expect(matchesTool("Write", "edit")).toBe(false);
  });
});
