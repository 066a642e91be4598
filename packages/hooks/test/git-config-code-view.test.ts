/**
 * What of a repository's `.git/config` an approval covers (git-config-file.ts, gitConfigCodeView;
 * content-view.ts): the entries that can run code, not those git writes in ordinary work.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { consentFingerprint } from "../src/fingerprint.js";
import { gitConfigCodeView } from "../src/git-config-file.js";
import { filesRunBy, scriptReferences } from "../src/script-references.js";
import { tempDir } from "./support.js";

const INIT = "[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = false\n";
const LFS = '[filter "lfs"]\n\tclean = git-lfs clean -- %f\n\trequired = true\n';
const INERT_WRITES =
  '[remote "upstream"]\n\turl = https://example.com/u.git\n\tfetch = +refs/heads/*:refs/remotes/upstream/*\n' +
  '[branch "main"]\n\tremote = origin\n\tmerge = refs/heads/main\n[user]\n\temail = me@example.com\n';

function config(text: string | Buffer): string {
  const dir = tempDir();
  fs.mkdirSync(path.join(dir, ".git"));
  fs.writeFileSync(path.join(dir, ".git/config"), text);
  return path.join(dir, ".git/config");
}

const view = (text: string | Buffer) => gitConfigCodeView(config(text));

describe("the code view of a git configuration file", () => {
  it("is empty for what git init writes", () => {
    expect(view(INIT)).toBe("");
  });

  it("stays the same when git remote add, git push -u and git config user.email write their entries", () => {
    expect(view(`${INIT}${LFS}${INERT_WRITES}`)).toBe(view(`${INIT}${LFS}`));
  });

  it("changes when an entry that can run code is added or changed", () => {
    const approved = view(`${INIT}${LFS}`);
    expect(view(`${INIT}${LFS}[core]\n\tfsmonitor = ./x.sh\n`)).not.toBe(approved);
    expect(view(`${INIT}${LFS.replace("git-lfs clean", "./clean.sh")}`)).not.toBe(approved);
  });

  it("reads values byte for byte: two invalid UTF-8 bytes do not read the same", () => {
    const value = (byte: number) =>
      Buffer.concat([Buffer.from("[core]\n\tfsmonitor = ./x"), Buffer.from([byte]), Buffer.from("\n")]);
    expect(view(value(0xfe))).not.toBe(view(value(0xff)));
  });

  it("reads past a UTF-8 byte order mark, as git does", () => {
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    expect(view(Buffer.concat([bom, Buffer.from("[core] fsmonitor = ./x.sh\n")]))).toContain("fsmonitor");
  });

  it("counts text it does not understand, failing closed", () => {
    expect(view(`${INIT}@ no entry\n`)).toContain("@ no entry");
    expect(view(`${INIT}filemode is odd\n`)).toContain("is odd");
    expect(view(`${INIT}[core\n\tfsmonitor = ./x.sh\n`)).not.toBe("");
  });

  it("is the whole file past the size it reads, so code hidden past it still counts", () => {
    const padding = `[user]\n\tname = ${"a".repeat(300 * 1024)}\n`;
    const file = config(`${INIT}${padding}[core]\n\tfsmonitor = ./x.sh\n`);
    expect(gitConfigCodeView(file)).toContain("fsmonitor = ./x.sh");
    expect(filesRunBy("git status", path.dirname(path.dirname(file)))).toEqual([file]);
  });
});

describe("a repository's .git/config in what a command runs", () => {
  it("is read in the code view when git alone reads it", () => {
    const file = config(`${INIT}${LFS}`);
    const refs = scriptReferences("git status", path.dirname(path.dirname(file)));
    expect(refs.files).toEqual([file]);
    expect(refs.views.get(file)).toBe("git-config-code");
  });

  it("is read as bytes when the command also runs it another way", () => {
    const file = config(`${INIT}${LFS}`);
    const refs = scriptReferences("sh .git/config; git status", path.dirname(path.dirname(file)));
    expect(refs.views.get(file)).toBeUndefined();
  });

  it("keeps a hook's approval through git's own writes, and not through a changed filter", () => {
    const file = config(`${INIT}${LFS}`);
    const dir = path.dirname(path.dirname(file));
    const fingerprint = () => consentFingerprint("entry", { type: "command", command: "git status" }, dir);
    const approved = fingerprint();
    fs.appendFileSync(file, INERT_WRITES);
    expect(fingerprint()).toBe(approved);
    fs.appendFileSync(file, '[filter "lfs"]\n\tsmudge = ./smudge.sh\n');
    expect(fingerprint()).not.toBe(approved);
  });
});
