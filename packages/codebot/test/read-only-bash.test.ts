/**
 * Bash lines that only read inside the project run unasked where the mode would ask (as Claude
 * Code runs `ls` or `git status`); anything that could write, run a program, read outside the
 * project or print the environment does not.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { editsOnlyFiles, readsOnly, runsAlongside } from "../src/approval/read-only-bash.js";
import { PathPolicy } from "../src/paths/path-policy.js";
import { tempDir, writeFile } from "./support/temp-dirs.js";

function project() {
  const root = tempDir();
  writeFile(path.join(root, "README.md"), "hi\n");
  writeFile(path.join(root, "src/a.ts"), "export {};\n");
  const home = tempDir("codebot-home-");
  const searchPath = process.env.PATH ?? "";
  const reads = (command: string, cwd = root) =>
    readsOnly(command, { cwd, searchPath, paths: new PathPolicy(root), home });
  return { root, home, searchPath, reads };
}

describe("a line that only reads runs unasked", () => {
  it.each([
    "ls -la",
    "ls",
    "cat README.md",
    "head -n 5 README.md",
    "wc -l src/*.ts",
    "grep -rn hi .",
    "grep -r '/api/' src",
    "rg -n TODO src",
    "find . -name '*.ts' -type f",
    "cat README.md | grep hi | sort | uniq -c",
    "cd src && ls",
    "cd src; wc -l a.ts",
    "tree -L 2",
    "diff README.md src/a.ts",
    "jq .name package.json",
    "echo hi",
    "pwd",
    "date +%F",
    "ls 2>&1",
    "cat README.md > /dev/null",
    "stat README.md",
    "du -sh .",
    "which node",
    "sleep 1",
    "ls ~/",
  ])("%s", (command) => {
    const { reads, home, root } = project();
    // `~/` is inside only when the project is the home: the case is checked with the home as project.
    if (command.includes("~")) {
      expect(
        readsOnly(command, {
          cwd: root,
          searchPath: process.env.PATH ?? "",
          paths: new PathPolicy(home),
          home,
        }),
      ).toBe(true);
      return;
    }
    expect(reads(command)).toBe(true);
  });
});

describe("a line that reads outside the project asks", () => {
  it.each([
    "cat /etc/hostname",
    "ls /",
    "cat ../x",
    "ls ~/.ssh",
    "cat ~root/.bashrc",
    "grep -r x /etc",
    "cd .. && ls",
    "cd / && cat etc/hostname",
    "find / -name x",
    "head -n1 -- /etc/passwd",
    "grep -f/etc/passwd README.md",
    "ls .*",
    "cat */../../x",
    "test -r /etc/shadow",
    "[ -f ~/.ssh/id_rsa ]",
    // rg lists files with no pattern: its first operand is a folder, not a pattern.
    "rg --files /",
    "rg --files ~/.ssh",
    // date tells a file's time: its words are text, but not this one.
    "date -r/var/log/btmp",
    "date --reference=/etc/shadow",
    "date --ref=/etc/shadow +%s",
  ])("%s", (command) => {
    expect(project().reads(command)).toBe(false);
  });

  it.each([
    "md5sum -c sums.txt",
    "sha256sum --check sums.txt",
    "sha1sum -bc sums.txt",
    "file -f names.txt",
    "file --files-from=names.txt",
  ])("%s: it reads the files a file of the project names, which the line does not show", (command) => {
    const { root, reads } = project();
    writeFile(path.join(root, "sums.txt"), "d41d8cd98f00b204e9800998ecf8427e  /etc/shadow\n");
    writeFile(path.join(root, "names.txt"), "/etc/shadow\n");
    expect(reads(command)).toBe(false);
  });

  it.each([
    "test -r README.md",
    "[ -f src/a.ts ] && echo yes",
    "[ 1 -eq 1 ]",
    "md5sum README.md",
    "rg --files src",
    "rg -n TODO src",
  ])("%s still runs unasked", (command) => {
    expect(project().reads(command)).toBe(true);
  });

  it("through a symlink in the project to a file or folder outside it, also when a glob reaches it", () => {
    const { root, reads } = project();
    const outside = tempDir("codebot-outside-");
    writeFile(path.join(outside, "secret"), "s\n");
    fs.symlinkSync(outside, path.join(root, "docs"));
    fs.symlinkSync(path.join(outside, "secret"), path.join(root, "src", "link"));
    expect(reads("cat docs/secret")).toBe(false);
    expect(reads("cat src/*")).toBe(false);
    expect(reads("cd src && cat *")).toBe(false);
    expect(reads("grep -R s .")).toBe(false);
    expect(reads("rg -L s")).toBe(false);
    expect(reads("find -L . -name secret")).toBe(false);
    expect(reads("ls -RL .")).toBe(false);
    // diff of two folders compares the files of the same name in them, following symlinks.
    fs.mkdirSync(path.join(root, "other"));
    writeFile(path.join(root, "other", "link"), "x\n");
    expect(reads("diff src other")).toBe(false);
    expect(reads("diff src/a.ts README.md")).toBe(true);
    expect(reads("cat README.md src/a.ts")).toBe(true);
  });

  it("a `..` after a symlink is read as the system reads it, from where the symlink points", () => {
    const { root, reads } = project();
    const outside = tempDir("codebot-outside-");
    writeFile(path.join(outside, "secret"), "s\n");
    fs.mkdirSync(path.join(outside, "sub"));
    fs.symlinkSync(path.join(outside, "sub"), path.join(root, "docs"));
    expect(reads("cat docs/../secret")).toBe(false);
    expect(reads("cat docs/../sec*")).toBe(false);
    expect(reads("grep -f docs/../secret README.md")).toBe(false);
    expect(reads("cat src/../README.md")).toBe(true);
  });

  it("relative paths are read from the shell's working directory and every folder a cd may reach", () => {
    const { root, reads } = project();
    const outside = tempDir("codebot-outside-");
    fs.symlinkSync(outside, path.join(root, "src", "out"));
    expect(reads("cat out/x", path.join(root, "src"))).toBe(false);
    expect(reads("(cd src) && cat out/x")).toBe(false);
    expect(reads("ls ..", path.join(root, "src"))).toBe(true);
  });

  it("a cd is inside both as bash reads it (.. as written) and as the system does (.. past a link)", () => {
    const { root, reads } = project();
    fs.mkdirSync(path.join(root, "a", "b"), { recursive: true });
    fs.symlinkSync(path.join(root, "a", "b"), path.join(root, "link"));
    // The system: link/../.. is the project; bash: the folder above it, which ls would list.
    expect(reads("cd link/../.. && ls")).toBe(false);
    expect(reads("cd link/.. && ls")).toBe(true);
  });

  it("a function defined on the line asks: its body runs later, after a cd, where its paths lead elsewhere", () => {
    const { root, reads } = project();
    const deep = path.join(root, "src", "x");
    fs.mkdirSync(deep);
    // From src/x, ../../etc/passwd is in the project; the body runs from its root, two folders up.
    expect(reads("cat() { head ../../etc/passwd; } ; cd ../.. ; cat", deep)).toBe(false);
    expect(reads("cat () ( head ../../etc/passwd )\ncd ../..\ncat", deep)).toBe(false);
    expect(reads("grep -n 'main()' ../a.ts", deep)).toBe(true);
  });
});

describe("a line that could write, run a program or show secrets asks", () => {
  it.each([
    "sort -o out.txt README.md",
    "sort -no out.txt README.md",
    "uniq README.md out.txt",
    "find . -name x -delete",
    "find . -exec rm {} \\;",
    "rg --pre cat hi",
    "tree -o out.txt",
    "xxd -r dump out",
    "file -C -m x",
    "printf -v PATH x",
    "date -s 2020-01-01",
    "date 010100002020",
    "jq -n env",
    "jq -n '$ENV'",
    "env",
    "printenv HOME",
    "echo $HOME",
    "ls $(pwd)",
    "cat `echo README.md`",
    "echo hi > out.txt",
    // A redirection of a group or subshell, or one with no command, writes as well.
    "(cat README.md) > out.txt",
    "{ cat README.md; } >> out.txt",
    "ls; > out.txt",
    "> out.txt; ls",
    "cat < README.md",
    "X=1 ls",
    "sed -n 1p README.md",
    "awk '{print}' README.md",
    "xargs cat < README.md",
    "nice cat README.md",
    "ls && rm README.md",
    "cat {README.md,x}",
    "./ls",
    "cd",
    "cd -",
    "diff -r src src",
    // GNU tools take any unambiguous start of a long option for the option.
    "sort --out=out.txt README.md",
    "sort --compress-prog=sh README.md",
    "grep -r --der s .",
    "diff --rec src src",
    "file --compi -m x",
    "date --se=2020-01-01",
    // Files whose names or text come from another file, which the line does not show.
    "sort --files0-from=README.md",
    "wc --files0-from=README.md",
    "date --file=/etc/hostname",
    "date -f/etc/group",
    "jq -n -f README.md",
    "jq -n --from-file README.md",
    "jq -L . -n 'import \"m\" as m; m::f'",
    "jq -n 'include \"m\"; f'",
  ])("%s", (command) => {
    expect(project().reads(command)).toBe(false);
  });
});

describe("the program is the one installed outside the project", () => {
  it("a PATH with the project's folder, or a relative one, before the program's makes the line ask", () => {
    const { root, home } = project();
    const bin = path.join(root, "bin");
    writeFile(path.join(bin, "cat"), "#!/bin/sh\ntouch pwned\n");
    fs.chmodSync(path.join(bin, "cat"), 0o755);
    const reads = (searchPath: string) =>
      readsOnly("cat README.md", { cwd: root, searchPath, paths: new PathPolicy(root), home });
    expect(reads(`${bin}:/usr/bin:/bin`)).toBe(false);
    expect(reads(`.:/usr/bin:/bin`)).toBe(false);
    expect(reads(`node_modules/.bin:/usr/bin:/bin`)).toBe(false);
    expect(reads(`/usr/bin:/bin:${bin}`)).toBe(true);
  });
});

describe("git commands that only read", () => {
  function repository() {
    const p = project();
    execFileSync("git", ["init", "-q", p.root]);
    return p;
  }

  it.each([
    "git status",
    "git log --oneline -5",
    "git diff HEAD~1 -- src",
    "git show HEAD:README.md",
    "git branch -a",
    "git branch --list 'feat/*'",
    "git tag -l 'v*'",
    "git remote -v",
    "git stash list",
    "git -C src status",
    "git --no-pager log -p",
    "git rev-parse --show-toplevel",
    "git ls-files",
    "git --version",
  ])("%s runs unasked", (command) => {
    expect(repository().reads(command)).toBe(true);
  });

  it.each([
    "git commit -m x",
    "git push",
    "git branch feature",
    "git branch -D main",
    "git tag v1",
    "git tag -v v1",
    "git diff --output=x",
    "git diff --ext-diff",
    "git diff --no-index /etc/passwd README.md",
    "git log --output x",
    // Every command that walks history takes the diff options: --output writes where it says
    // (`--format` chooses the text: a shell's startup file outside the project).
    "git stash list --output=/tmp/x",
    "git stash show --output=x",
    "git reflog show --format=x --output=x",
    "git shortlog --output=x",
    "git rev-list HEAD --output=x",
    "git blame --output=x README.md",
    "git stash show -p --ext-diff",
    "git grep -O x",
    // git's parse-options takes a start of a long option and short options in a cluster.
    "git grep --open='mkdir x' x",
    "git grep -iOvi x",
    // blame prints another file as the file's text, or a line of it in an error.
    "git blame --contents /etc/hostname README.md",
    "git blame --cont=/etc/hostname README.md",
    "git blame -S /etc/hostname README.md",
    "git blame --ignore-revs-file=/etc/hostname README.md",
    "git -c core.pager=x log",
    "git --git-dir=/tmp/x status",
    "git -C / status",
    "git stash",
    "git remote add x y",
    "git config --list",
    "git reflog expire --all",
  ])("%s asks", (command) => {
    expect(repository().reads(command)).toBe(false);
  });

  it("git status asks in a repository holding a submodule: git runs there too, with that repository's own config", () => {
    const { root, reads } = repository();
    const sub = path.join(root, "sub");
    execFileSync("git", ["init", "-q", sub]);
    const identity = ["-c", "user.name=t", "-c", "user.email=t@t"];
    execFileSync("git", ["-C", sub, ...identity, "commit", "-q", "--allow-empty", "-m", "i"]);
    expect(reads("git status")).toBe(true);
    // Its core.fsmonitor runs when git status looks into it, which the top repository's files do not show.
    execFileSync("git", ["-C", root, "add", "sub"], { stdio: "ignore" });
    expect(reads("git status")).toBe(false);
    expect(reads("git diff")).toBe(false);
  });

  it("git status asks from a folder whose .git is no git folder, in a repository holding a submodule: git passes over it to that one", () => {
    const { root, reads } = repository();
    const sub = path.join(root, "sub");
    execFileSync("git", ["init", "-q", sub]);
    const identity = ["-c", "user.name=t", "-c", "user.email=t@t"];
    execFileSync("git", ["-C", sub, ...identity, "commit", "-q", "--allow-empty", "-m", "i"]);
    execFileSync("git", ["-C", root, "add", "sub"], { stdio: "ignore" });
    // An unpacked archive's empty `.git` in `docs/`, where the shell is after a `cd docs`.
    fs.mkdirSync(path.join(root, "docs/.git"), { recursive: true });
    expect(reads("git status", path.join(root, "docs"))).toBe(false);
  });

  it("git status asks in a repository whose own .git/config names a program git runs (core.fsmonitor)", () => {
    const { root, reads } = repository();
    expect(reads("git status")).toBe(true);
    execFileSync("git", ["-C", root, "config", "core.fsmonitor", "touch pwned"]);
    expect(reads("git status")).toBe(false);
    expect(reads("git log")).toBe(false);
  });

  it("git log asks where a .git folder that is no repository sits beside a bare one: git passes over it to the bare one's config", () => {
    // An unpacked archive: an empty `.git` beside `HEAD`, `objects/`, `refs/` and a `config`
    // whose textconv driver `git log -p` runs (git 2.39 ran it: it takes the folder for bare).
    const { root, reads } = project();
    const bare = tempDir("codebot-bare-repo-");
    execFileSync("git", ["init", "-q", "--bare", bare]);
    fs.cpSync(bare, root, { recursive: true });
    writeFile(path.join(root, "info/attributes"), "* diff=x\n");
    fs.appendFileSync(path.join(root, "config"), '[diff "x"]\n\ttextconv = "touch pwned; cat"\n');
    fs.mkdirSync(path.join(root, ".git"));
    expect(reads("git log -p")).toBe(false);
    expect(reads("git show")).toBe(false);
  });

  /** A repository elsewhere (another of yours, `/etc/.git`), committed, which a `.git` file can name. */
  function elsewhere(): string {
    const other = tempDir("codebot-other-repo-");
    execFileSync("git", ["init", "-q", other]);
    writeFile(path.join(other, "creds.txt"), "secret\n");
    execFileSync("git", ["-C", other, "add", "."]);
    execFileSync("git", [
      "-C",
      other,
      "-c",
      "user.name=t",
      "-c",
      "user.email=t@t",
      "commit",
      "-q",
      "-m",
      "i",
    ]);
    return path.join(other, ".git");
  }

  it("git log asks where an unpacked archive's .git file names a repository outside the project: it prints that one's files", () => {
    const { root, reads } = project();
    writeFile(path.join(root, "sub/.git"), `gitdir: ${path.relative(path.join(root, "sub"), elsewhere())}\n`);
    expect(reads("git log -p")).toBe(true);
    expect(reads("git -C sub log -p")).toBe(false);
    expect(reads("cd sub && git show HEAD:creds.txt")).toBe(false);
  });

  it("git log asks where the project's .git names another repository's objects (alternates, commondir)", () => {
    const { root, reads } = repository();
    const other = elsewhere();
    writeFile(path.join(root, ".git/objects/info/alternates"), `${path.join(other, "objects")}\n`);
    expect(reads("git cat-file --batch-all-objects --batch-check")).toBe(false);
    fs.rmSync(path.join(root, ".git/objects/info/alternates"));
    expect(reads("git log")).toBe(true);
    writeFile(path.join(root, ".git/commondir"), `${other}\n`);
    expect(reads("git log -p")).toBe(false);
  });

  it("git status still runs unasked in a linked worktree of a repository outside the project (git worktree add, --worktree)", () => {
    const main = tempDir("codebot-main-repo-");
    execFileSync("git", ["init", "-q", main]);
    execFileSync("git", [
      "-C",
      main,
      "-c",
      "user.name=t",
      "-c",
      "user.email=t@t",
      "commit",
      "-q",
      "--allow-empty",
      "-m",
      "i",
    ]);
    const worktree = path.join(tempDir("codebot-worktree-"), "w");
    execFileSync("git", ["-C", main, "worktree", "add", "-q", worktree]);
    const reads = (command: string) =>
      readsOnly(command, {
        cwd: worktree,
        searchPath: process.env.PATH ?? "",
        paths: new PathPolicy(worktree),
      });
    expect(reads("git status")).toBe(true);
    expect(reads("git log -p")).toBe(true);
  });
});

describe("under acceptEdits, a line that also makes, copies, moves or removes files in the project", () => {
  function editing() {
    const p = project();
    const ownHome = path.join(p.root, ".codebot-home");
    fs.mkdirSync(ownHome);
    const edits = (command: string) =>
      editsOnlyFiles(
        command,
        { cwd: p.root, searchPath: p.searchPath, paths: new PathPolicy(p.root), home: p.home },
        [ownHome],
      );
    return { ...p, edits };
  }

  it.each([
    "mkdir -p src/x && touch src/x/a.ts",
    "cp README.md docs.md",
    "cp -r src lib",
    "mv README.md README.txt",
    "rm -rf src",
    "rmdir empty",
    "cd src && rm a.ts",
    "ls && touch new.txt",
  ])("%s runs", (command) => {
    expect(editing().edits(command)).toBe(true);
  });

  it.each([
    "rm -rf .",
    "rm -rf src/..",
    "rm -r *",
    "mv src/* lib",
    "touch .git/hooks/pre-commit",
    "rm -rf .git",
    "cp README.md .codebot-home/settings.json",
    "cp /etc/hostname here",
    "mv README.md ../",
    "cp -L src/a.ts b.ts",
    "chmod +x README.md",
    "ln -s README.md l",
    "sed -i s/a/b/ README.md",
    "echo x > out.txt",
  ])("%s asks", (command) => {
    expect(editing().edits(command)).toBe(false);
  });

  it("a file reached through a symlink to a folder outside the project asks", () => {
    const { root, edits } = editing();
    fs.symlinkSync(tempDir("codebot-outside-"), path.join(root, "out"));
    expect(edits("touch out/x")).toBe(false);
    expect(edits("rm -r out/sub")).toBe(false);
  });

  it("cp --parents asks: it writes DEST/SOURCE, which a SOURCE's .. can take out of the project", () => {
    const { root, edits, searchPath, home } = editing();
    fs.mkdirSync(path.join(root, "a/b/x"), { recursive: true });
    fs.mkdirSync(path.join(root, "d"));
    // From a/b, x/../../../README.md is the project's README.md; from d, d/x/../../../README.md is
    // beside the project (bash's working directory carries over from an earlier `cd a/b`).
    const fromDeep = (command: string) =>
      editsOnlyFiles(
        command,
        { cwd: path.join(root, "a/b"), searchPath, paths: new PathPolicy(root), home },
        [],
      );
    expect(fromDeep("cp --parents x/../../../README.md ../../d")).toBe(false);
    expect(fromDeep("cp --par x/../../../README.md ../../d")).toBe(false);
    expect(edits("cp --parents src/a.ts d")).toBe(false);
    expect(fromDeep("cp x/../../../README.md ../../d")).toBe(true);
  });

  it("a symlink to a file outside the project that does not exist yet asks: cp or touch would create it", () => {
    const { root, edits } = editing();
    fs.symlinkSync(path.join(tempDir("codebot-outside-"), "new"), path.join(root, "dangling"));
    expect(edits("cp README.md dangling")).toBe(false);
    expect(edits("touch dangling")).toBe(false);
    expect(edits("mkdir dangling/x")).toBe(false);
    expect(edits("touch src/new.ts")).toBe(true);
  });
});

describe("sleep, last in its line", () => {
  it("runs unasked alone or after what it waits for, not before a read: that read would come long after its paths were checked", () => {
    const { reads } = project();
    expect(reads("sleep 1")).toBe(true);
    expect(reads("cat README.md; sleep 1")).toBe(true);
    expect(reads("sleep 5 && cat README.md")).toBe(false);
    expect(reads("sleep 5; ls src")).toBe(false);
    expect(reads("sleep 5 | cat README.md")).toBe(false);
  });
});

describe("a line that may run beside its batch's other calls (as Claude Code runs read-only lines together)", () => {
  it.each(["ls -la", "cat README.md | grep hi", "git --version", "sleep 1", "true"])("%s does", (command) => {
    const { root, searchPath, home } = project();
    expect(runsAlongside(command, { cwd: root, searchPath, paths: new PathPolicy(root), home })).toBe(true);
  });

  it.each([
    ["cd src && ls", "it moves the directory the next command starts in"],
    ["pushd src", "it moves the directory the next command starts in"],
    ["echo hi > out.txt", "it writes"],
    ["rm README.md", "it writes"],
    ["cat /etc/hostname", "it reads outside the project"],
  ])("%s does not: %s", (command) => {
    const { root, searchPath, home } = project();
    expect(runsAlongside(command, { cwd: root, searchPath, paths: new PathPolicy(root), home })).toBe(false);
  });
});
