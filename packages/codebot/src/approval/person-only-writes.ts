import path from "node:path";
import { isWithin } from "@codebot/hooks";
import { editRunsCode } from "./edits-that-run-code.js";

/**
 * The project's files that configure an agent or a tool: a write to one can make code run or
 * widen what runs unasked later. Under `--restricted` (claude 2.1.328's "lets only a person or the
 * configured permission handler approve writes to settings, git and tool-configuration files")
 * only a person or `--permission-prompt-tool` may approve writing them — no allow rule, mode or hook.
 */
const CONFIG_FOLDERS = [".claude", ".codebot", ".vscode", ".idea"];
const CONFIG_FILES = [".mcp.json", ".gitmodules", ".gitattributes", ".gitconfig"];

/** Whether writing `realPath` needs a person's (or the permission handler's) yes under `--restricted`. */
export function isPersonOnlyWrite(
  realPath: string,
  projectRoot: string,
  ownHomes: readonly string[],
): boolean {
  if (editRunsCode(realPath, ownHomes)) return true;
  if (CONFIG_FILES.includes(path.basename(realPath).toLowerCase())) return true;
  if (!isWithin(realPath, projectRoot)) return false;
  // In any case, as `.git`: on macOS's and Windows' file systems `.VSCODE/tasks.json` is `.vscode/tasks.json`.
  const first = path.relative(projectRoot, realPath).split(path.sep)[0]?.toLowerCase() ?? "";
  return CONFIG_FOLDERS.includes(first);
}
