import fs from "node:fs";

/** A regular file this process may execute (what a shell's PATH search runs). */
export function isExecutableFile(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}
