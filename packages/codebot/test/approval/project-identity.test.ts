/** Which repository a project folder holds, as the approvals are tied to it. */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { projectIdentity } from "../../src/approval/project-identity.js";
import { scratchDir } from "../support/e2e.js";

const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", ...args], { cwd, stdio: "ignore" });

describe("project identity", () => {
  it("a clone is its origin", () => {
    const origin = scratchDir("identity-origin-");
    git(origin, "init", "-q", ".");
    fs.writeFileSync(path.join(origin, "README"), "x");
    git(origin, "add", "-A");
    git(origin, "commit", "-qm", "x");
    const clone = path.join(scratchDir("identity-clone-"), "repo");
    git(path.dirname(clone), "clone", "-q", origin, clone);
    expect(projectIdentity(clone)).toBe(`origin ${origin}`);
  });

  it("a folder of a clone laid out as a bare repository (tracked HEAD, objects/, refs/, config) cannot claim another repository's origin", () => {
    const origin = scratchDir("identity-embedded-");
    git(origin, "init", "-q", ".");
    const sub = path.join(origin, "pkg");
    for (const dir of ["objects/x", "refs/heads"]) fs.mkdirSync(path.join(sub, dir), { recursive: true });
    fs.writeFileSync(path.join(sub, "objects/x/keep"), "");
    fs.writeFileSync(path.join(sub, "refs/heads/keep"), "");
    fs.writeFileSync(path.join(sub, "HEAD"), "ref: refs/heads/main\n");
    fs.writeFileSync(
      path.join(sub, "config"),
      '[core]\n\trepositoryformatversion = 0\n\tbare = true\n[remote "origin"]\n\turl = https://example.invalid/trusted.git\n',
    );
    git(origin, "add", "-A");
    git(origin, "commit", "-qm", "x");
    const clone = path.join(scratchDir("identity-clone-"), "repo");
    git(path.dirname(clone), "clone", "-q", origin, clone);
    expect(projectIdentity(path.join(clone, "pkg"))).not.toContain("trusted.git");
  });
});
