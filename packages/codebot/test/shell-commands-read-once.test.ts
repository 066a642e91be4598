import { describe, expect, it } from "vitest";
import { shellCommands } from "../src/approval/shell-commands.js";

// One bash call's approval reads its line in many places (rules, read-only check, named files,
// the prefix rules' limits): the line is read once and the reading shared.
describe("a command line read for approval", () => {
  it("is read once: the same line again gives the same reading", () => {
    const line = "git status && mv notes.txt moved.txt";
    const first = shellCommands(line);
    expect(shellCommands(line)).toBe(first);
    expect(first.commands.map((c) => c.text)).toEqual(["git status", "mv notes.txt moved.txt"]);
  });

  it("a very long line is read anew each time (no cache holds megabytes of lines)", () => {
    const line = `echo ${"x".repeat(10_000)}`;
    expect(shellCommands(line)).not.toBe(shellCommands(line));
    expect(shellCommands(line)).toEqual(shellCommands(line));
  });
});
