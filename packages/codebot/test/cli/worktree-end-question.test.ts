/**
 * Leaving an interactive `--worktree` session whose worktree has changes, in a real terminal:
 * claude 2.1.328 asks "Exiting worktree session" — keep it, or remove it and lose them; Esc goes
 * back to the session. codebot asks too (`1` keep, `2` remove, Esc back), at the prompt's width. A
 * kept worktree is unlocked, as claude's is (git's lock is the session's).
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { columnsOf } from "../../src/cli/output/columns.js";
import { command, modelEnv, modelServer, type Sandbox } from "./support/cli-fixtures.js";
import { useBuiltCli } from "./support/cli-process.js";
import { committedRepository, git } from "./support/git-repository.js";
import { TmuxSession } from "./support/tmux.js";

useBuiltCli();

/** A git repository whose session, in worktree `name`, leaves an uncommitted file there (a SessionStart hook writes it). */
async function changedWorktreeSession(
  name: string,
  columns = 100,
): Promise<{ box: Sandbox; term: TmuxSession; dir: string }> {
  const box = committedRepository();
  const settings = box.json("../end-settings.json", {
    hooks: { SessionStart: [{ hooks: [command("echo draft > notes.txt")] }] },
  });
  const server = await modelServer([]);
  const term = TmuxSession.start({
    dir: box.project,
    env: modelEnv(server, box.home),
    args: ["-w", name, "--settings", settings],
    size: { columns, rows: 40 },
  });
  const dir = path.join(box.project, ".claude", "worktrees", name);
  await term.waitForScreen(/^›/m);
  // The hook has run once the file is there.
  await term.waitForScreen(/context/);
  for (let i = 0; i < 100 && !fs.existsSync(path.join(dir, "notes.txt")); i++)
    await new Promise((resolve) => setTimeout(resolve, 100));
  return { box, term, dir };
}

const QUESTION = /1 keep it · 2 remove it and its\s+branch · Esc back to\s+the session:$/m;

/** The worktree's `git worktree list --porcelain` record: its lines, `locked` among them while locked. */
function worktreeRecord(project: string, dir: string): string {
  const records = git(project, "worktree", "list", "--porcelain").split("\n\n");
  return records.find((r) => r.startsWith(`worktree ${fs.realpathSync(dir)}\n`)) ?? "";
}

describe("leaving a --worktree session with changes", { timeout: 120_000 }, () => {
  it("asks keep or remove, broken between words at 40 columns; 2 removes the worktree and its branch", async () => {
    const { box, term, dir } = await changedWorktreeSession("gone", 40);
    term.submit("/exit");
    const asked = await term.waitForScreen(QUESTION);
    expect(asked).toContain(
      [
        "? leaving the worktree session: 1",
        "uncommitted file on worktree-gone, lost",
        "if the worktree is removed",
        "  1 keep it · 2 remove it and its",
        "  branch · Esc back to the session:",
      ].join("\n"),
    );
    for (const row of asked.split("\n")) expect(columnsOf(row)).toBeLessThanOrEqual(40);
    term.type("2");
    expect(await term.exitCode()).toBe(0);
    expect(term.screen()).toContain(
      "removed the worktree and its branch\nworktree-gone, discarding 1 uncommitted\nfile:",
    );
    expect(fs.existsSync(dir)).toBe(false);
    expect(git(box.project, "branch", "--list", "worktree-gone")).toBe("");
  });

  it("Esc goes back to the session, still locked; 1 then keeps it, unlocked, with the line naming its branch, what it holds and where it is", async () => {
    const { box, term, dir } = await changedWorktreeSession("kept");
    expect(worktreeRecord(box.project, dir)).toMatch(/^locked/m);
    term.submit("/exit");
    await term.waitForScreen(QUESTION);
    // A key that is no choice answers nothing.
    term.type("x");
    term.press("Escape");
    await term.waitForScreen(/back to the session\n›/);
    // The session goes on: a command runs, and the worktree is still the session's.
    term.submit("/cost");
    await term.waitForScreen(/\$\d/);
    expect(worktreeRecord(box.project, dir)).toMatch(/^locked/m);
    term.submit("/exit");
    // Asked a second time.
    await term.waitForScreen(/Esc back to\s+the session:[\s\S]*Esc back to\s+the session:$/m);
    term.type("1");
    expect(await term.exitCode()).toBe(0);
    // The path, a word wider than what is left of the row, starts a row of its own.
    expect(term.screen()).toContain(
      `kept the worktree on branch worktree-kept (1 uncommitted file):\n${dir}`,
    );
    expect(fs.readFileSync(path.join(dir, "notes.txt"), "utf8")).toBe("draft\n");
    expect(git(box.project, "branch", "--list", "worktree-kept")).toContain("worktree-kept");
    expect(worktreeRecord(box.project, dir)).toContain("branch refs/heads/worktree-kept");
    expect(worktreeRecord(box.project, dir)).not.toMatch(/^locked/m);
  });

  it("Ctrl+D twice at the prompt asks as /exit does, and Ctrl+D at the question keeps it", async () => {
    const { box, term, dir } = await changedWorktreeSession("ctrl-d");
    term.press("C-d", "C-d");
    await term.waitForScreen(QUESTION);
    term.press("C-d");
    expect(await term.exitCode()).toBe(0);
    expect(term.screen()).toContain("kept the worktree on branch worktree-ctrl-d");
    expect(fs.existsSync(dir)).toBe(true);
    expect(worktreeRecord(box.project, dir)).not.toMatch(/^locked/m);
  });
});
