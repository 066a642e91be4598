/**
 * A settings file's lock lies in the project (`.claude/settings.local.json.lock`), where a cloned
 * repository can put something else: a FIFO nobody writes, or a link to /dev/zero. Saving a rule
 * there must neither hang on it nor read it: it is no codebot's lock and is taken out of the way.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runModuleScript } from "../support/module-script.js";
import { tempDir } from "../support/temp-dirs.js";
import { repoRoot, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

const saver = `
import { addRuleToFile } from ${JSON.stringify(path.join(repoRoot, "packages/codebot/dist/settings/permission-rule-edit.js"))};
addRuleToFile({ place: "local", file: process.argv[1] }, "allow", "Bash(npm test)");
`;

/** Saves the rule in a child process, killed if it has not ended in 60 s (a hang). */
const save = (file: string) => runModuleScript(saver, [file], { killAfterMs: 60_000 });

function project(): string {
  const file = path.join(tempDir("codebot-planted-lock-"), ".claude", "settings.local.json");
  fs.mkdirSync(path.dirname(file));
  return file;
}

describe("a settings lock a repository planted", () => {
  it("a FIFO in the lock's place: the rule is saved, nothing waits on it", { timeout: 90_000 }, async () => {
    const file = project();
    execFileSync("mkfifo", [`${file}.lock`]);
    const r = await save(file);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(JSON.parse(fs.readFileSync(file, "utf8")).permissions.allow).toEqual(["Bash(npm test)"]);
    expect(fs.existsSync(`${file}.lock`)).toBe(false);
  });

  it("a link to /dev/zero in the lock's place: the rule is saved, the link is not read", {
    timeout: 90_000,
  }, async () => {
    const file = project();
    fs.symlinkSync("/dev/zero", `${file}.lock`);
    const r = await save(file);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(JSON.parse(fs.readFileSync(file, "utf8")).permissions.allow).toEqual(["Bash(npm test)"]);
    expect(fs.lstatSync(`${file}.lock`, { throwIfNoEntry: false })).toBeUndefined();
  });

  it("an empty folder in the lock's place: the rule is saved, the folder is taken away", {
    timeout: 90_000,
  }, async () => {
    const file = project();
    fs.mkdirSync(`${file}.lock`);
    const r = await save(file);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(JSON.parse(fs.readFileSync(file, "utf8")).permissions.allow).toEqual(["Bash(npm test)"]);
    expect(fs.existsSync(`${file}.lock`)).toBe(false);
  });

  it("a folder with files in the lock's place: the save fails naming the folder, which keeps its files", {
    timeout: 90_000,
  }, async () => {
    const file = project();
    fs.mkdirSync(`${file}.lock`);
    fs.writeFileSync(`${file}.lock/notes.txt`, "the repository's\n");
    const r = await save(file);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain(`${file}.lock is a folder with files in it, not a codebot lock; move it away`);
    expect(fs.readFileSync(`${file}.lock/notes.txt`, "utf8")).toBe("the repository's\n");
    expect(fs.existsSync(file)).toBe(false);
  });
});
