import path from "node:path";
import { isWithin } from "@codebot/hooks";

/**
 * Whether an edit of `realPath` can make code run later with no call anyone approved, so that
 * `acceptEdits` (which lets the model edit files unasked, not run them) asks about it instead:
 * anything in git's own folder — `.git/config` (`core.fsmonitor`, `core.pager`, a filter: run by
 * the next `git status` a rule or a hook of yours allows) and `.git/hooks/` — or the `.git` file
 * of a worktree, and anything in codebot's or Claude Code's own folder or a loaded plugin's
 * (`ownHomes`: their hooks are yours, run without a question) when the project holds it. `.git` in any
 * case: on a case-insensitive file system (macOS, Windows) `.GIT/hooks/x` is `.git/hooks/x`, and
 * a real path keeps the case it was written in.
 */
export function editRunsCode(realPath: string, ownHomes: readonly string[]): boolean {
  if (realPath.split(path.sep).some((part) => part.toLowerCase() === ".git")) return true;
  return ownHomes.some((home) => isWithinAnyCase(realPath, home));
}

/**
 * `target` is in `root`, the case of their letters aside: on macOS's and Windows' file systems
 * `~/.CODEBOT/settings.json` is `~/.codebot/settings.json`, and a path that does not exist yet
 * keeps the case it was written in.
 */
export function isWithinAnyCase(target: string, root: string): boolean {
  return isWithin(target.toLowerCase(), root.toLowerCase());
}
