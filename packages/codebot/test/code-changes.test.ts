/**
 * The session's changed-line count (/cost's code changes, the Agent SDK's rewind dry run): a
 * small change is diffed line by line; a whole rewrite of a big file is counted as every line
 * out and every line in, without a line-by-line diff that took 20 s for 10,000 lines (and grows
 * with the square) on every write.
 */
import { describe, expect, it } from "vitest";
import { CodeChanges, changedLines } from "../src/session/code-changes.js";
import { changeHunks } from "../src/tools/claude-result-shapes.js";

const lines = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}\n`).join("");

describe("changed lines", () => {
  it("a small change is diffed: one line changed is one removed and one added", () => {
    expect(changedLines("a\nb\nc\n", "a\nB\nc\n")).toEqual({ added: 1, removed: 1 });
  });

  it("a whole rewrite of 30,000 lines is counted as every line out and in, at once", {
    timeout: 60_000,
  }, () => {
    const changes = new CodeChanges();
    const [before, after] = [lines("old ", 30_000), lines("new ", 30_000)];
    changes.count(before, after, changeHunks(before, after));
    expect({ added: changes.added, removed: changes.removed }).toEqual({ added: 30_000, removed: 30_000 });
  });

  it("a rewrite's last line without a newline still counts as a line", () => {
    expect(changedLines(lines("old ", 1_500), `${lines("new ", 1_499)}new end`)).toEqual({
      added: 1_500,
      removed: 1_500,
    });
  });
});
