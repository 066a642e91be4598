import fs from "node:fs";
import path from "node:path";

/** Directories no search descends into. */
export const SKIPPED_DIRS = new Set(["node_modules", ".git"]);
/** A bound on one walk, so a search in a huge tree still returns. */
const MAX_ENTRIES = 200_000;

export interface WalkedFile {
  abs: string;
  /** Relative to the walk's root, with `/` separators. */
  rel: string;
}

/**
 * Every regular file below `root` in a stable order, skipping `node_modules` and `.git`.
 * Symbolic links are not followed: they could lead out of the project or into a loop.
 */
export async function* walkFiles(root: string): AsyncGenerator<WalkedFile> {
  let seen = 0;
  const stack: string[] = [""];
  while (stack.length > 0) {
    const relDir = stack.pop() as string;
    let entries: fs.Dirent[];
    try {
      entries = await fs.promises.readdir(path.join(root, relDir), { withFileTypes: true });
    } catch {
      continue;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const dirs: string[] = [];
    for (const entry of entries) {
      if (++seen > MAX_ENTRIES) return;
      const rel = relDir === "" ? entry.name : `${relDir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) dirs.push(rel);
      } else if (entry.isFile()) {
        yield { abs: path.join(root, rel), rel };
      }
    }
    // Pushed in reverse so that directories are visited in name order.
    for (const dir of dirs.reverse()) stack.push(dir);
  }
}
