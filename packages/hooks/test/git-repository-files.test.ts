/**
 * A repository's own git folder, as an archive can bring it: a `git` command runs its hook
 * programs and what its configuration names, so they count as what the command runs
 * (git-repository-files.ts) — but not the entries and `*.sample` hooks every repository has.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { filesRunBy, scriptReferences } from "../src/script-references.js";
import { tempDir } from "./support.js";

const INERT_CONFIG =
  "[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = false\n\tlogallrefupdates = true\n" +
  '[remote "origin"]\n\turl = https://example.com/x.git\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n' +
  '[branch "main"]\n\tremote = origin\n\tmerge = refs/heads/main\n';

function project(files: Record<string, string>, executable: string[] = []): string {
  const dir = tempDir();
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  }
  for (const rel of executable) fs.chmodSync(path.join(dir, rel), 0o755);
  return dir;
}

const runs = (command: string, dir: string) => filesRunBy(command, dir).map((f) => path.relative(dir, f));

describe("what a repository's own .git makes git run", () => {
  it("a config that only holds what init and clone write, and *.sample hooks, count for nothing", () => {
    const dir = project({ ".git/config": INERT_CONFIG, ".git/hooks/pre-commit.sample": "#!/bin/sh\n" }, [
      ".git/hooks/pre-commit.sample",
    ]);
    expect(runs("git status", dir)).toEqual([]);
  });

  it("a config naming programs counts, with the hooks of its core.hooksPath and the files it includes", () => {
    const dir = project(
      {
        ".git/config": `${INERT_CONFIG}[core]\n\thooksPath = hk\n[include]\n\tpath = more.cfg\n`,
        ".git/more.cfg": "[diff]\n\texternal = ./differ.sh\n",
        "differ.sh": "true\n",
        "hk/post-index-change": "#!/bin/sh\n",
      },
      ["hk/post-index-change"],
    );
    expect(runs("git diff", dir).sort()).toEqual(
      [".git/config", ".git/more.cfg", "differ.sh", "hk/post-index-change"].sort(),
    );
  });

  it("executable hooks of .git/hooks count for any git command, a non-executable one does not", () => {
    const dir = project(
      {
        ".git/config": INERT_CONFIG,
        ".git/hooks/post-index-change": "#!/bin/sh\n",
        ".git/hooks/pre-push": "x",
      },
      [".git/hooks/post-index-change"],
    );
    expect(runs("git log --oneline", dir)).toEqual([".git/hooks/post-index-change"]);
    expect(runs("ls .git", dir)).toEqual([]);
  });

  it("a .git file's gitdir, a worktree's commondir and a bare repository are found as git finds them", () => {
    const fsmonitor = '[core]\n\tfsmonitor = "touch x"\n';
    const linked = project({
      ".git": "gitdir: meta/wt\n",
      "meta/wt/commondir": "../main\n",
      "meta/main/config": fsmonitor,
    });
    expect(runs("git status", linked)).toEqual(["meta/main/config"]);
    const bare = project({
      HEAD: "ref: refs/heads/main\n",
      "objects/.keep": "",
      "refs/.keep": "",
      config: fsmonitor,
    });
    expect(runs("git log", bare)).toEqual(["config"]);
  });

  it("a .git folder that is no git folder (no HEAD) is passed over as git does: the bare repository beside it counts", () => {
    const dir = project({
      ".git/description": "",
      HEAD: "ref: refs/heads/main\n",
      "objects/.keep": "",
      "refs/.keep": "",
      config: '[core]\n\tfsmonitor = "touch x"\n',
    });
    expect(runs("git log", dir)).toEqual(["config"]);
  });

  it("from a subfolder the command cds to, the repository above it counts", () => {
    const dir = project({ ".git/config": '[core]\n\tpager = "less; touch x"\n', "src/a.txt": "" });
    expect(runs("cd src && git log", dir)).toEqual([".git/config"]);
  });

  it("a project opened in a subfolder of a repository counts the .git above it", () => {
    const dir = project(
      {
        ".git/config": '[core]\n\tpager = "less; touch x"\n',
        ".git/hooks/pre-commit": "#!/bin/sh\n",
        "src/a.txt": "",
      },
      [".git/hooks/pre-commit"],
    );
    const src = path.join(dir, "src");
    expect(filesRunBy("git log", src).map((f) => path.relative(src, f))).toEqual([
      "../.git/config",
      "../.git/hooks/pre-commit",
    ]);
  });

  it("a cd out of the project does not reach a repository there", () => {
    const dir = project({ "other/.git/config": '[core]\n\tpager = "less; touch x"\n', "proj/a.txt": "" });
    expect(filesRunBy("cd ../other && git log", path.join(dir, "proj"))).toEqual([]);
  });
});

describe("a repository inside the project that git is pointed at", () => {
  const nested = () =>
    project(
      { "sub/.git/config": "[core]\n\tfsmonitor = ./x.sh\n", "sub/.git/hooks/pre-commit": "#!/bin/sh\n" },
      ["sub/.git/hooks/pre-commit"],
    );
  const found = ["sub/.git/config", "sub/.git/hooks/pre-commit"];

  it("git -C follows it, each -C relative to the one before", () => {
    const dir = nested();
    expect(runs("git -C sub status", dir)).toEqual(found);
    fs.mkdirSync(path.join(dir, "a"));
    expect(runs("git -C a -C ../sub status", dir)).toEqual(found);
  });

  it("--git-dir, GIT_DIR and GIT_COMMON_DIR name its git folder", () => {
    const dir = nested();
    expect(runs("git --git-dir=sub/.git status", dir)).toEqual(found);
    expect(runs("git --git-dir sub/.git status", dir)).toEqual(found);
    expect(runs("GIT_DIR=sub/.git git status", dir)).toEqual(found);
    fs.mkdirSync(path.join(dir, ".git"));
    expect(runs("env GIT_COMMON_DIR=sub/.git git status", dir)).toEqual(found);
  });

  it("are what scriptReferences lists as the git folder files the command reaches", () => {
    const dir = nested();
    expect(
      scriptReferences("git -C sub status", dir).gitFolderFiles.map((file) => path.relative(dir, file)),
    ).toEqual(found);
  });

  it("a -C whose folder is an expansion is listed as unchecked", () => {
    expect(scriptReferences('git -C "$D" status', nested()).unchecked).toEqual(['"$D"']);
  });
});
