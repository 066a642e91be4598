/**
 * A repository unpacked from an archive can bring a named pipe as its `.git/config`: reading it
 * would wait for ever, and git run there waits on it too. It is not read, and counts as a
 * configuration that runs code (failing closed: git must not be run there unasked).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { gitConfigRunsCode } from "../src/git-config-file.js";
import { tempDir } from "./support.js";

describe("a git config that is a named pipe", () => {
  it("counts as running code, unread", () => {
    const dir = tempDir();
    fs.mkdirSync(path.join(dir, ".git"));
    execFileSync("mkfifo", [path.join(dir, ".git/config")]);
    expect(gitConfigRunsCode(path.join(dir, ".git/config"))).toBe(true);
  });
});
