import path from "node:path";
import { isWithin } from "@codebot/hooks";
import { editRunsCode } from "./edits-that-run-code.js";

/**
 * Files that configure an agent, a tool or a shell: a write to one can make code run or widen what
 * runs unasked later (a VS Code task, a direnv `.envrc`, an npm `script-shell`, a husky hook). No
 * allow rule, `acceptEdits` or hook's allow approves writing them, as claude 2.1.328 asks about its
 * "sensitive files" (recorded: these, folders at any depth of the project, in any case); under
 * `--restricted` only a person or `--permission-prompt-tool` does.
 */
const CONFIG_FOLDERS = [".claude", ".codebot", ".vscode", ".idea", ".husky", ".devcontainer"];
const CONFIG_FILES = [
  ".mcp.json",
  ".gitmodules",
  ".gitattributes",
  ".gitconfig",
  ".envrc",
  ".npmrc",
  ".ripgreprc",
  ".bashrc",
  ".zshrc",
  ".profile",
];

/** Whether writing `realPath` needs a person's yes (or bypassPermissions', or the permission handler's). */
export function isPersonOnlyWrite(
  realPath: string,
  projectRoot: string,
  ownHomes: readonly string[],
): boolean {
  if (editRunsCode(realPath, ownHomes)) return true;
  if (CONFIG_FILES.includes(path.basename(realPath).toLowerCase())) return true;
  // The folders a path in the project goes through (`sub/.vscode/tasks.json` too), or every one
  // of a path elsewhere; in any case, as `.git`: on macOS's and Windows' file systems
  // `.VSCODE/tasks.json` is `.vscode/tasks.json`.
  const through = isWithin(realPath, projectRoot) ? path.relative(projectRoot, realPath) : realPath;
  return through.split(path.sep).some((part) => CONFIG_FOLDERS.includes(part.toLowerCase()));
}
