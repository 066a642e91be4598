/**
 * `-w, --worktree [name]` (Claude Code's): the session runs in a worktree of the project's git
 * repository — made by the project's WorktreeCreate hooks when it has any, else by git — and the
 * rest of the command line then reads that folder as the project.
 */
import { randomUUID } from "node:crypto";
import { resolveCodebotHome } from "../paths/codebot-home.js";
import { gitTopLevel, gitWorktree } from "../worktree/git-worktree.js";
import type { SessionWorktree } from "../worktree/session-worktree.js";
import { worktreeFromHooks } from "../worktree/worktree-create-hooks.js";
import { checkedWorktreeName, generatedWorktreeName } from "../worktree/worktree-name.js";
import { CliError, errorMessage } from "./cli-error.js";
import { loadInventory } from "./hooks/hook-inventory.js";
import type { SessionFlags } from "./session-flags.js";

/** Where the session runs, and who made it (what its end does with it: session-worktree-end.ts). */
/**
 * The flags of a session in the worktree `given` (`true`: a generated name): its folder is the
 * project. A git worktree is the same repository, so the approvals of the project it was made
 * from count in it (`trustDir`): a hook or script that differs there is asked about again, as its
 * fingerprint differs. A folder a hook made is a project of its own.
 */
export async function withWorktree(
  flags: SessionFlags,
  given: string | true,
  started: "cli" | "sdk-cli",
): Promise<SessionFlags> {
  const name = given === true ? generatedWorktreeName() : nameOf(given);
  const inventory = loadInventory(flags.project, { trustProjectHooks: flags.trustProjectHooks });
  // The payload's session is the one about to start: a new one gets its id now.
  const fresh = flags.resume === undefined && flags.sessionId === undefined ? randomUUID() : undefined;
  const settings = inventory.project.settings;
  let made: string | undefined;
  try {
    made = await worktreeFromHooks(
      {
        cwd: inventory.cwd,
        codebotHome: resolveCodebotHome(undefined, process.env),
        project: inventory.project,
        sessionId: fresh ?? flags.sessionId ?? randomUUID(),
        permissionMode: flags.permissionMode ?? settings.permissions.mode ?? "ask",
        trustProjectHooks: flags.trustProjectHooks,
        started,
        ...(flags.hooksApprovedOnce ? { hooksApprovedOnce: flags.hooksApprovedOnce } : {}),
      },
      name,
    );
  } catch (error) {
    throw new CliError(errorMessage(error));
  }
  const worktree: SessionWorktree =
    made !== undefined ? { path: made, name } : gitMade(inventory.cwd, name, settings.worktreeBaseRef);
  return {
    ...flags,
    ...(fresh !== undefined ? { sessionId: fresh } : {}),
    project: {
      ...flags.project,
      cwd: worktree.path,
      ...(worktree.git ? { trustDir: inventory.cwd } : {}),
    },
    worktree,
  };
}

function nameOf(given: string): string {
  try {
    return checkedWorktreeName(given);
  } catch (error) {
    throw new CliError(errorMessage(error));
  }
}

function gitMade(cwd: string, name: string, base: "fresh" | "head" | undefined): SessionWorktree {
  const top = gitTopLevel(cwd);
  if (top === undefined)
    throw new CliError(
      `Can only use --worktree in a git repository, but ${cwd} is not a git repository. Configure a WorktreeCreate hook to use --worktree with other VCS systems.`,
    );
  try {
    const git = gitWorktree(top, name, base);
    return { path: git.path, name, git };
  } catch (error) {
    throw new CliError(errorMessage(error));
  }
}
