import fs from "node:fs";
import path from "node:path";

/**
 * Whether `file`, symlinks resolved, is really inside `projectDir`. A cloned repository is
 * hostile: a file it ships (an agent, a command, a skill) that links to `~/.aws/credentials` or
 * `/proc/self/environ` must not be read into the model's context. A file that does not resolve
 * counts as outside.
 */
export function insideProject(file: string, projectDir: string): boolean {
  try {
    const root = fs.realpathSync(projectDir);
    const real = fs.realpathSync(file);
    return real.startsWith(root + path.sep);
  } catch {
    return false;
  }
}
