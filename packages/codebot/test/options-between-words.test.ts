/**
 * Deny and ask rules hold when options sit between a rule's words (options-between-words.ts):
 * the model picks the command, so a reordered option must not walk around a rule.
 */
import { describe, expect, it } from "vitest";
import { allows, denies } from "./support/bash-rules.js";

describe("deny and ask rules past options between their words", () => {
  it("Bash(git push:*) catches git's global options before push, with or without a value", () => {
    for (const command of [
      "git -C . push origin",
      "git --no-pager push",
      "git -c core.x=y push",
      "git --git-dir=.git push",
      "git -C . --no-pager -c a=b push --force",
    ])
      expect(denies("Bash(git push:*)", command), command).toBe(true);
  });

  it("npm, docker and kubectl rules catch their subcommand behind a valued option", () => {
    expect(denies("Bash(npm publish:*)", "npm --prefix x publish")).toBe(true);
    expect(denies("Bash(docker run:*)", "docker --context c run alpine")).toBe(true);
    expect(denies("Bash(kubectl delete:*)", "kubectl -n ns delete pod x")).toBe(true);
    expect(denies("Bash(npm publish:*)", "npm --prefix x install")).toBe(false);
    expect(denies("Bash(docker run:*)", "docker --context c ps")).toBe(false);
    expect(denies("Bash(kubectl delete:*)", "kubectl -n ns get pod x")).toBe(false);
  });

  it("a rule word that is itself an option is found after other options: rm -v -rf x is an rm -rf", () => {
    expect(denies("Bash(rm -rf:*)", "rm -v -rf x")).toBe(true);
    expect(denies("Bash(rm -rf:*)", "rm --verbose --interactive=never -rf x")).toBe(true);
    expect(denies("Bash(rm -rf:*)", "rm -v x")).toBe(false);
  });

  it("a word that is neither an option nor an option's value is never skipped: git log --grep push is no git push", () => {
    expect(denies("Bash(git push:*)", "git log --grep push")).toBe(false);
    expect(denies("Bash(git push:*)", "git status")).toBe(false);
    expect(denies("Bash(git push:*)", "git -C . status")).toBe(false);
    expect(denies("Bash(git push:*)", "git commit -m push")).toBe(false);
    expect(denies("Bash(git push:*)", "git --version && push")).toBe(false);
  });

  it("`--` ends the options: rm -- -rf x removes a file named -rf and is no rm -rf", () => {
    expect(denies("Bash(rm -rf:*)", "rm -- -rf x")).toBe(false);
  });

  it("wildcard and exact rules skip options before their named words too", () => {
    expect(denies("Bash(git push *)", "git -C . push origin main")).toBe(true);
    expect(denies("Bash(git push)", "git --no-pager push")).toBe(true);
    expect(denies("Bash(git push)", "git --no-pager push origin")).toBe(false);
    expect(denies("Bash(git push *)", "git -C . pull")).toBe(false);
  });

  it("the skipping holds under any spelling of the command and in any part of a line", () => {
    expect(denies("Bash(git push:*)", `'git' '-C' . "push"`)).toBe(true);
    expect(denies("Bash(git push:*)", "/usr/bin/git -C . push")).toBe(true);
    expect(denies("Bash(git push:*)", "cd x && git --no-pager push")).toBe(true);
    expect(denies("Bash(git push:*)", "nice -n 5 git -C . push")).toBe(true);
  });

  it("a line with more readings than can be checked quickly matches, fail closed: rm -rf repeated 20000 times", () => {
    expect(denies("Bash(rm -rf * zz)", "rm -rf -rf x")).toBe(false);
    const started = Date.now();
    expect(denies("Bash(rm -rf * zz)", `rm${" -rf".repeat(20_000)} x`)).toBe(true);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("allow rules stay literal: Bash(git push:*) does not allow git -C . push", () => {
    expect(allows("Bash(git push:*)", "git push origin")).toBe(true);
    expect(allows("Bash(git push:*)", "git -C . push origin")).toBe(false);
  });
});
