/**
 * `-w, --worktree [name]` as claude 2.1.328 does it (recorded with a loopback server): a locked git
 * worktree `<repo>/.claude/worktrees/<name>` on branch `worktree-<name>`, from `origin/HEAD` when
 * there is a remote, else `HEAD`, where the session then runs; WorktreeCreate hooks make it instead.
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { projectSlug } from "../../src/paths/project-slug.js";
import { tempDir } from "../support/temp-dirs.js";
import {
  command,
  modelEnv,
  modelServer,
  type Sandbox,
  sandbox,
  systemLines,
} from "./support/cli-fixtures.js";
import { cliEnv, jsonLines, runCli, useBuiltCli } from "./support/cli-process.js";
import { committedRepository, git } from "./support/git-repository.js";

useBuiltCli();

/** `-p go` with the extra arguments, its stream-json lines and the init line's cwd. */
async function runIn(box: Sandbox, ...args: string[]) {
  const server = await modelServer([reply.text("ok")]);
  const r = await runCli(["-p", "go", "--output-format", "stream-json", "--verbose", ...args], {
    env: modelEnv(server, box.home),
    cwd: box.project,
  });
  const lines = r.code === 0 ? jsonLines(r.stdout) : [];
  return { ...r, init: systemLines(lines, "init")[0] };
}

describe("--worktree with git", () => {
  it("runs the session in a locked worktree <repo>/.claude/worktrees/<name> on branch worktree-<name>", async () => {
    const box = committedRepository();
    const seen = box.json("hooks.json", {
      hooks: { SessionStart: [{ hooks: [command(`cat > '${box.at("start.json")}'`)] }] },
    });
    const r = await runIn(box, "--worktree", "foo", "--settings", seen);
    expect(r.code, r.stderr).toBe(0);
    const dir = path.join(box.project, ".claude", "worktrees", "foo");
    expect(r.init?.cwd).toBe(dir);
    expect(JSON.parse(fs.readFileSync(box.at("start.json"), "utf8")).cwd).toBe(dir);
    expect(String(r.init?.transcript_path)).toContain(path.join(box.home, "projects", projectSlug(dir)));
    const list = git(box.project, "worktree", "list", "--porcelain");
    expect(list).toContain(
      `worktree ${dir}\nHEAD ${git(box.project, "rev-parse", "HEAD")}\nbranch refs/heads/worktree-foo\nlocked`,
    );
    // -p leaves it there.
    expect(fs.existsSync(path.join(dir, "a.txt"))).toBe(true);
  });

  it("the project's approvals count in its worktree: an approved project hook runs there", async () => {
    const box = sandbox();
    git(box.project, "init", "-q");
    const seen = path.join(box.home, "start.json");
    box.json(".claude/settings.json", {
      hooks: { SessionStart: [{ hooks: [command(`cat > '${seen}'`)] }] },
    });
    git(box.project, "add", ".");
    git(box.project, "commit", "-q", "-m", "hooks");
    const trust = await runCli(["hooks", "trust", "--yes"], { env: cliEnv(box.home), cwd: box.project });
    expect(trust.code, trust.stderr).toBe(0);
    const r = await runIn(box, "-w", "foo");
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toContain("not trusted");
    expect(JSON.parse(fs.readFileSync(seen, "utf8")).cwd).toBe(r.init?.cwd);
  });

  it("starts from the remote's default branch when there is one, else from HEAD", async () => {
    const origin = committedRepository();
    const box = sandbox();
    fs.rmSync(box.project, { recursive: true });
    git(path.dirname(box.project), "clone", "-q", origin.project, box.project);
    box.write("b.txt", "b\n");
    git(box.project, "add", ".");
    git(box.project, "commit", "-q", "-m", "local only");
    const fromOrigin = await runIn(box, "-w", "fresh");
    expect(fromOrigin.code, fromOrigin.stderr).toBe(0);
    expect(git(String(fromOrigin.init?.cwd), "rev-parse", "HEAD")).toBe(
      git(origin.project, "rev-parse", "HEAD"),
    );

    git(box.project, "remote", "remove", "origin");
    const fromHead = await runIn(box, "-w", "local");
    expect(fromHead.code, fromHead.stderr).toBe(0);
    expect(git(String(fromHead.init?.cwd), "rev-parse", "HEAD")).toBe(git(box.project, "rev-parse", "HEAD"));
  });

  it('settings worktree.baseRef "head" starts it from HEAD even with a remote', async () => {
    const origin = committedRepository();
    const box = sandbox();
    fs.rmSync(box.project, { recursive: true });
    git(path.dirname(box.project), "clone", "-q", origin.project, box.project);
    box.write("b.txt", "b\n");
    git(box.project, "add", ".");
    git(box.project, "commit", "-q", "-m", "local only");
    const settings = box.json(path.join(box.home, "base.json"), { worktree: { baseRef: "head" } });
    const r = await runIn(box, "-w", "mine", "--settings", settings);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toContain("unknown key");
    expect(git(String(r.init?.cwd), "rev-parse", "HEAD")).toBe(git(box.project, "rev-parse", "HEAD"));
  });

  it("a second run with the same name goes on in the worktree that is there", async () => {
    const box = committedRepository();
    const first = await runIn(box, "-w", "again");
    expect(first.code, first.stderr).toBe(0);
    const dir = String(first.init?.cwd);
    fs.writeFileSync(path.join(dir, "work.txt"), "in progress\n");
    const second = await runIn(box, "-w", "again");
    expect(second.code, second.stderr).toBe(0);
    expect(second.init?.cwd).toBe(dir);
    expect(fs.readFileSync(path.join(dir, "work.txt"), "utf8")).toBe("in progress\n");
  });

  it("a worktree used again is locked for the session (claude's), as a new one is", async () => {
    const box = committedRepository();
    const first = await runIn(box, "-w", "relock");
    expect(first.code, first.stderr).toBe(0);
    const dir = String(first.init?.cwd);
    // As a session that kept it leaves it.
    git(box.project, "worktree", "unlock", dir);
    const listed = box.at("listed.txt");
    const seen = box.json("list.json", {
      hooks: { SessionStart: [{ hooks: [command(`git worktree list --porcelain > '${listed}'`)] }] },
    });
    const second = await runIn(box, "-w", "relock", "--settings", seen);
    expect(second.code, second.stderr).toBe(0);
    const record = fs
      .readFileSync(listed, "utf8")
      .split("\n\n")
      .find((r) => r.startsWith(`worktree ${fs.realpathSync(dir)}\n`));
    expect(record).toMatch(/^locked/m);
  });

  it("without a name, the worktree gets three generated words", async () => {
    const box = committedRepository();
    const r = await runIn(box, "-w");
    expect(r.code, r.stderr).toBe(0);
    const name = path.basename(String(r.init?.cwd));
    expect(name).toMatch(/^[a-z]+-[a-z]+-[a-z]+$/);
    expect(git(box.project, "branch", "--list", `worktree-${name}`)).toContain(`worktree-${name}`);
  });

  it("a repository whose .claude/worktrees (or the worktree's folder) is a symbolic link is refused: nothing is checked out where it points", async () => {
    const box = committedRepository();
    const outside = tempDir("codebot-outside-");
    fs.mkdirSync(box.at(".claude"));
    fs.symlinkSync(outside, box.at(".claude/worktrees"));
    const r = await runIn(box, "--worktree", "feat");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `Error creating worktree: ${box.at(".claude/worktrees")} is a symbolic link (to ${outside}); a worktree is made inside the repository only: remove the link`,
    );
    expect(fs.readdirSync(outside)).toEqual([]);
    // Another repository's worktree, linked in under the name: not taken for this one's.
    fs.unlinkSync(box.at(".claude/worktrees"));
    fs.mkdirSync(box.at(".claude/worktrees"));
    const other = committedRepository();
    fs.symlinkSync(other.project, box.at(".claude/worktrees/feat"));
    const linked = await runIn(box, "--worktree", "feat");
    expect(linked.code).toBe(1);
    expect(linked.stderr).toContain(`${box.at(".claude/worktrees/feat")} is a symbolic link`);
  });

  it("a folder under the worktree's name that is another repository (an archive's nested .git) is not taken for this one's worktree", async () => {
    const box = committedRepository();
    const nested = box.at(".claude/worktrees/feat");
    fs.mkdirSync(nested, { recursive: true });
    git(nested, "init", "-q");
    const r = await runIn(box, "--worktree", "feat");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `Error creating worktree: ${nested} is a git repository of its own, not a worktree of ${box.project}`,
    );
  });

  it("a repository whose own .git/config names programs (an unpacked archive's filter, fsmonitor) is refused before git runs them; its hooksPath alone is not", async () => {
    const box = committedRepository();
    const ran = path.join(box.home, "smudged");
    box.write(".gitattributes", "* filter=x\n");
    git(box.project, "add", ".");
    git(box.project, "commit", "-q", "-m", "attributes");
    git(box.project, "config", "filter.x.smudge", `sh -c 'touch ${ran}; cat'`);
    git(box.project, "config", "core.fsmonitor", `touch ${ran} #`);
    const r = await runIn(box, "--worktree", "feat");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      "Error creating worktree: this repository's git configuration names programs git would run (core.fsmonitor, filter.x.smudge), and codebot runs none of a repository's programs unasked: make the worktree yourself (git worktree add) and start codebot in it",
    );
    expect(fs.existsSync(ran)).toBe(false);
    expect(fs.existsSync(box.at(".claude/worktrees/feat"))).toBe(false);
    // husky's core.hooksPath: the worktree's git runs with hooks off anyway.
    git(box.project, "config", "--unset", "filter.x.smudge");
    git(box.project, "config", "--unset", "core.fsmonitor");
    git(box.project, "config", "core.hooksPath", ".husky/_");
    const husky = await runIn(box, "--worktree", "feat");
    expect(husky.code, husky.stderr).toBe(0);
  });

  it("outside a git repository, without a WorktreeCreate hook, it is an error", async () => {
    const box = sandbox();
    const r = await runCli(["-p", "go", "--worktree", "foo"], { env: cliEnv(box.home), cwd: box.project });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `Can only use --worktree in a git repository, but ${box.project} is not a git repository. Configure a WorktreeCreate hook to use --worktree with other VCS systems.`,
    );
  });
});

describe("--worktree with WorktreeCreate hooks", () => {
  /** A --settings file (the user's own, so trusted) with one WorktreeCreate command hook. */
  const hookSettings = (box: Sandbox, cmd: string) =>
    box.json("wt.json", { hooks: { WorktreeCreate: [{ hooks: [command(cmd)] }] } });

  it("the hook replaces git: it gets the name and the session runs where its last stdout line says", async () => {
    const box = sandbox();
    const made = tempDir("codebot-wt-made-");
    const settings = hookSettings(box, `cat > '${box.at("in.json")}'; echo making; echo '${made}'`);
    const r = await runIn(box, "--worktree", "bar", "--settings", settings);
    expect(r.code, r.stderr).toBe(0);
    expect(r.init?.cwd).toBe(made);
    const payload = JSON.parse(fs.readFileSync(box.at("in.json"), "utf8"));
    expect(payload).toEqual({
      session_id: r.init?.session_id,
      transcript_path: path.join(
        box.home,
        "projects",
        projectSlug(box.project),
        `${r.init?.session_id}.jsonl`,
      ),
      cwd: box.project,
      hook_event_name: "WorktreeCreate",
      name: "bar",
    });
    expect(fs.existsSync(box.at(".claude/worktrees"))).toBe(false);
  });

  it("a hook that exits 1 is an error with its stderr", async () => {
    const box = committedRepository();
    const r = await runIn(box, "-w", "bar", "--settings", hookSettings(box, "echo disk full >&2; exit 1"));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/Error creating worktree: WorktreeCreate hook failed: .*exit 1.*: disk full/);
    expect(fs.existsSync(box.at(".claude/worktrees"))).toBe(false);
  });

  it("a hook that prints nothing is an error saying how to name the worktree", async () => {
    const box = sandbox();
    const r = await runIn(box, "-w", "bar", "--settings", hookSettings(box, "true"));
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      "Error creating worktree: WorktreeCreate hook failed: hook succeeded but returned no worktree path (command: echo the path to stdout; http/callback: return hookSpecificOutput.worktreePath)",
    );
  });

  it("a path that is not a directory is an error", async () => {
    const box = sandbox();
    const r = await runIn(box, "-w", "bar", "--settings", hookSettings(box, "echo /nonexistent/zz"));
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      "worktree directory /nonexistent/zz does not exist or is not a directory. The path came from a WorktreeCreate hook — the hook must print the directory it created as the last line of its stdout.",
    );
  });

  it("a path with control characters is shown escaped in the error, not sent to the terminal", async () => {
    const box = sandbox();
    const r = await runIn(
      box,
      "-w",
      "bar",
      "--settings",
      hookSettings(box, "printf '/nonexistent/\\033]0;pwned\\007zz\\n'"),
    );
    expect(r.code).toBe(1);
    expect(r.stderr).not.toContain("\u001b");
    expect(r.stderr).toContain("worktree directory /nonexistent/");
  });

  it("a project's WorktreeCreate hook needs the project's approval", async () => {
    const box = sandbox();
    box.json(".claude/settings.json", {
      hooks: { WorktreeCreate: [{ hooks: [command(`echo '${box.home}'`)] }] },
    });
    const refused = await runIn(box, "-w", "bar");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/WorktreeCreate hook failed: .*not trusted/);
    const trusted = await runIn(box, "-w", "bar", "--trust-project-hooks");
    expect(trusted.code, trusted.stderr).toBe(0);
    expect(trusted.init?.cwd).toBe(box.home);
  });
});

describe("the end of an interactive --worktree session", () => {
  /** The session, its lines typed on stdin: `/exit` at once; with a WorktreeRemove hook recording its payload. */
  async function interactive(box: Sandbox, hooks: Record<string, unknown>, ...args: string[]) {
    const record = command(`cat > '${box.at("removed.json")}'`);
    const settings = box.json("end.json", { hooks: { WorktreeRemove: [{ hooks: [record] }], ...hooks } });
    const server = await modelServer([]);
    return runCli(["--settings", settings, ...args], {
      env: modelEnv(server, box.home),
      cwd: box.project,
      input: "/exit\n",
    });
  }
  const removed = (box: Sandbox) =>
    fs.existsSync(box.at("removed.json"))
      ? JSON.parse(fs.readFileSync(box.at("removed.json"), "utf8"))
      : undefined;

  it("an unchanged git worktree is removed with its branch, WorktreeRemove firing first", async () => {
    const box = committedRepository();
    const dir = path.join(box.project, ".claude", "worktrees", "tidy");
    const r = await interactive(box, {}, "-w", "tidy");
    expect(r.code, r.stderr).toBe(0);
    expect(removed(box)).toMatchObject({ hook_event_name: "WorktreeRemove", worktree_path: dir, cwd: dir });
    expect(fs.existsSync(dir)).toBe(false);
    expect(git(box.project, "branch", "--list", "worktree-tidy")).toBe("");
    expect(git(box.project, "worktree", "list")).not.toContain(dir);
  });

  it("a changed git worktree is kept without a question when stdin is not a terminal, with a line saying where and on which branch", async () => {
    const box = committedRepository();
    const dir = path.join(box.project, ".claude", "worktrees", "busy");
    // A SessionStart hook runs in the worktree: the file it leaves is a change.
    const start = { SessionStart: [{ hooks: [command("echo draft > notes.txt")] }] };
    const r = await interactive(box, start, "-w", "busy");
    expect(r.code, r.stderr).toBe(0);
    expect(`${r.stdout}${r.stderr}`).toContain(
      `kept the worktree on branch worktree-busy (1 uncommitted file): ${dir}`,
    );
    expect(fs.readFileSync(path.join(dir, "notes.txt"), "utf8")).toBe("draft\n");
    expect(git(box.project, "branch", "--list", "worktree-busy")).toContain("worktree-busy");
    expect(removed(box)).toBeUndefined();
  });

  it("a worktree a WorktreeCreate hook made is left to the hook's owner: WorktreeRemove fires, the folder stays", async () => {
    const box = sandbox();
    const made = tempDir("codebot-wt-made-");
    const create = { WorktreeCreate: [{ hooks: [command(`echo '${made}'`)] }] };
    const r = await interactive(box, create, "-w", "bar");
    expect(r.code, r.stderr).toBe(0);
    expect(removed(box)).toMatchObject({ worktree_path: made });
    expect(fs.existsSync(made)).toBe(true);
  });

  it("-p leaves the worktree and fires no WorktreeRemove", async () => {
    const box = committedRepository();
    const record = command(`cat > '${box.at("removed.json")}'`);
    const settings = box.json("end.json", { hooks: { WorktreeRemove: [{ hooks: [record] }] } });
    const r = await runIn(box, "-w", "kept", "--settings", settings);
    expect(r.code, r.stderr).toBe(0);
    expect(fs.existsSync(path.join(box.project, ".claude", "worktrees", "kept"))).toBe(true);
    expect(removed(box)).toBeUndefined();
  });
});
