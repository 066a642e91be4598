/**
 * A deny or ask rule naming flags holds however the command writes them (flags-in-any-order.ts):
 * "never rm -rf" must also refuse `rm -fr`, `rm -r -f`, `rm x -rf` and `rm --recursive --force`.
 */
import { describe, expect, it } from "vitest";
import { allows, denies } from "./support/bash-rules.js";

describe("a rule's flags in any order, bundle or spelling", () => {
  it.each([
    "rm -fr x",
    "rm -r -f x",
    "rm -f -r x",
    "rm -vfr x",
    "rm x -rf",
    "rm -Rf x",
    "rm --recursive --force x",
    "rm -r --force x",
    "sudo rm -fr /",
    "cd /tmp && rm -fr x",
  ])("Bash(rm -rf:*) refuses %s", (command) => {
    expect(denies("Bash(rm -rf:*)", command)).toBe(true);
    expect(denies("Bash(rm -rf *)", command)).toBe(true);
  });

  it.each(["rm -r x", "rm -f x", "rm x", "rm -- -rf", "rm -i -r x"])(
    "Bash(rm -rf:*) lets %s through",
    (command) => {
      expect(denies("Bash(rm -rf:*)", command)).toBe(false);
    },
  );

  it("a flag after the rule's other words counts: git push origin main --force is a git push --force", () => {
    expect(denies("Bash(git push --force:*)", "git push origin main --force")).toBe(true);
    expect(denies("Bash(git push --force:*)", "git push -f origin")).toBe(true);
    expect(denies("Bash(git push --force:*)", "git -C . push origin --force")).toBe(true);
    expect(denies("Bash(git push --force:*)", "git push origin +main")).toBe(true);
    expect(denies("Bash(git push --force:*)", "git push origin main")).toBe(false);
    expect(denies("Bash(git push --force:*)", "git log --force push")).toBe(false);
  });

  it("an abbreviated long option counts as the one it abbreviates, as getopt_long reads it", () => {
    expect(denies("Bash(rm -rf:*)", "rm --rec --f x")).toBe(true);
    expect(denies("Bash(git reset --hard:*)", "git reset --har HEAD~3")).toBe(true);
    expect(denies("Bash(git reset --hard:*)", "git reset --soft HEAD~3")).toBe(false);
  });

  it("a long line is read in time linear in its length: 40,000 words under a flag rule", () => {
    const command = `git -f ${"-a ".repeat(20_000)}x y ${"push ".repeat(20_000)}`;
    const started = Date.now();
    expect(denies("Bash(git push --force:*)", command)).toBe(false);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it("another program's same-looking flags are not renamed: chmod -R is no chmod -r", () => {
    expect(denies("Bash(chmod -r:*)", "chmod -R 700 x")).toBe(false);
  });

  it("an exact rule keeps its order: Bash(rm -rf x) does not refuse rm -fr x", () => {
    expect(denies("Bash(rm -rf x)", "rm -fr x")).toBe(false);
  });

  it("allow rules stay literal: Bash(rm -rf:*) does not allow rm -fr x", () => {
    expect(allows("Bash(rm -rf:*)", "rm -fr x")).toBe(false);
  });
});
