/**
 * A grant's files are checked again during the session in the view they were approved in
 * (approved-files.ts): a repository's `.git/config` by what of it can run code.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { approvedRun, changedRun } from "../src/settings/approved-files.js";
import { tempDir } from "./support/temp-dirs.js";

const CONFIG = '[core]\n\tbare = false\n[filter "lfs"]\n\tclean = git-lfs clean -- %f\n';

function gitConfig(): string {
  const file = path.join(tempDir("codebot-approved-views-"), "config");
  fs.writeFileSync(file, CONFIG);
  return file;
}

describe("an approved .git/config checked again", () => {
  it("in the code view, what git remote add writes is no change", () => {
    const file = gitConfig();
    const run = approvedRun(
      "allow Bash(git status)",
      [file],
      () => [file],
      new Map([[file, "git-config-code"]]),
    );
    fs.appendFileSync(file, '[remote "upstream"]\n\turl = https://example.com/u.git\n');
    expect(changedRun([run])).toBeUndefined();
  });

  it("in the code view, an added core.fsmonitor is a change", () => {
    const file = gitConfig();
    const run = approvedRun(
      "allow Bash(git status)",
      [file],
      () => [file],
      new Map([[file, "git-config-code"]]),
    );
    fs.appendFileSync(file, "[core]\n\tfsmonitor = ./x.sh\n");
    expect(changedRun([run])).toMatchObject({ approvedFor: "allow Bash(git status)", file });
  });

  it("read as bytes, any edit is a change", () => {
    const file = gitConfig();
    const run = approvedRun("BASH_ENV", [file], () => [file]);
    fs.appendFileSync(file, '[remote "upstream"]\n\turl = https://example.com/u.git\n');
    expect(changedRun([run])).toMatchObject({ approvedFor: "BASH_ENV", file });
  });
});
