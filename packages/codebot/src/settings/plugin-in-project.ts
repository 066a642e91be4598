import fs from "node:fs";
import path from "node:path";
import { isWithin } from "@codebot/hooks";

/**
 * Whether a plugin's folder lies in the project, symbolic links resolved. Such a folder is a
 * file of the repository — a local marketplace kept in it, or a repository of plugins you
 * develop — so a checkout of another branch rewrites the plugin whole: its hooks' command lines,
 * http hooks, skills' `allowed-tools`, MCP servers, not only the scripts they run.
 */
export function pluginFolderInProject(root: string, projectDir: string): boolean {
  return isWithin(realPath(root), realPath(projectDir));
}

function realPath(file: string): string {
  try {
    return fs.realpathSync(file);
  } catch {
    return path.resolve(file);
  }
}
