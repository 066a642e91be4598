/**
 * Leaving an interactive `--worktree` session whose worktree folder was deleted during it (the
 * model's `rm -rf "$PWD"` after a commit there): the branch and its commit are kept, and the line
 * says the folder is gone, not git's error from running in a folder that is no more. claude 2.1.328
 * (recorded, the same calls): `Worktree at <path> is no longer accessible. Exiting`, the branch kept.
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer } from "./support/cli-fixtures.js";
import { useBuiltCli } from "./support/cli-process.js";
import { committedRepository, git } from "./support/git-repository.js";
import { TmuxSession } from "./support/tmux.js";

useBuiltCli();

const IDENTITY = "-c user.name=t -c user.email=t@t";

describe("a --worktree session whose folder is deleted during it", { timeout: 120_000 }, () => {
  it("keeps the branch with its commit at /exit and says the folder is gone", async () => {
    const box = committedRepository();
    const server = await modelServer([
      reply.toolCall(
        "bash",
        {
          command: `echo w > w.txt && git ${IDENTITY} add w.txt && git ${IDENTITY} commit -qm work && rm -rf "$PWD"`,
        },
        "c1",
      ),
      reply.text("done"),
    ]);
    const term = TmuxSession.start({
      dir: box.project,
      env: modelEnv(server, box.home),
      args: ["-w", "gone", "--permission-mode", "bypassPermissions"],
      size: { columns: 200, rows: 40 },
    });
    const dir = path.join(box.project, ".claude", "worktrees", "gone");
    await term.waitForScreen(/^›/m);
    term.submit("go");
    await term.waitForScreen(/^done$/m);
    expect(fs.existsSync(dir)).toBe(false);
    term.submit("/exit");
    expect(await term.exitCode()).toBe(0);
    expect(term.screen()).toContain(
      `the worktree's folder was deleted during the session: ${fs.realpathSync(box.project)}/.claude/worktrees/gone; its branch worktree-gone is kept, with its commits`,
    );
    expect(term.screen()).not.toMatch(/ENOENT/);
    expect(git(box.project, "log", "--format=%s", "worktree-gone")).toBe("work\nfirst");
  });
});
