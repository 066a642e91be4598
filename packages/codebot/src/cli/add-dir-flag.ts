import fs from "node:fs";
import path from "node:path";

/**
 * `--add-dir <dir>` (Claude Code's flag): more folders the file tools may reach, as the settings'
 * `permissions.additionalDirectories` do, for this run; relative to the current directory, links
 * followed (so the folder is where they lead). One that is not a folder is left out with a warning.
 */
export function addDirsFlag(values: readonly string[], warn: (line: string) => void): string[] {
  const dirs: string[] = [];
  for (const value of values) {
    let real: string;
    try {
      real = fs.realpathSync(path.resolve(value));
    } catch {
      warn(`codebot: --add-dir: ${value} does not exist; ignored`);
      continue;
    }
    if (!fs.statSync(real).isDirectory()) warn(`codebot: --add-dir: ${value} is not a folder; ignored`);
    else if (!dirs.includes(real)) dirs.push(real);
  }
  return dirs;
}
