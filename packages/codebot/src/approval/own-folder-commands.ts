import os from "node:os";
import { realPathOfDeepestAncestor } from "../paths/path-policy.js";
import { filesNamedBy } from "./bash-named-files.js";
import { isWithinAnyCase } from "./edits-that-run-code.js";

/** Variables a command may reach codebot's or Claude Code's folder through (`cp x "$HOME/.claude/…"`). */
const HOME_VARIABLES = ["HOME", "CODEBOT_HOME", "CLAUDE_CONFIG_DIR"];

/**
 * Whether a bash line names a path in codebot's or Claude Code's own folder (`ownHomes`, real
 * paths), so that no allow rule lets it run unasked: `cp x ~/.codebot/settings.json` under your
 * `Bash(cp:*)` would put hooks into your own settings, which then run in every session with no
 * question (the trust store, a `~/.claude/settings.json` likewise). The same reason acceptEdits
 * asks about edits there (edits-that-run-code.ts). Files are those filesNamedBy sees, with
 * `$HOME`, `$CODEBOT_HOME` and `$CLAUDE_CONFIG_DIR` read as the session's values and symlinks
 * resolved as far as the path exists.
 */
export function namesOwnFolder(
  command: string,
  root: string,
  ownHomes: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): boolean {
  if (ownHomes.length === 0) return false;
  let text = command;
  for (const name of HOME_VARIABLES) {
    const value = env[name];
    if (value !== undefined && value !== "")
      text = text.replace(new RegExp(`\\$\\{${name}\\}|\\$${name}\\b`, "g"), value);
  }
  return filesNamedBy(text, root, os.homedir()).some((file) => {
    const real = realPathOfDeepestAncestor(file);
    return ownHomes.some((home) => isWithinAnyCase(real, home));
  });
}
