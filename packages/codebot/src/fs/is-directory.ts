import fs from "node:fs";

/** Whether `file` is a directory now (symlinks followed); false when it is missing or unreadable. */
export function isDirectory(file: string): boolean {
  try {
    return fs.statSync(file).isDirectory();
  } catch {
    return false;
  }
}
