import fs from "node:fs";
import path from "node:path";

/**
 * Every `*.md` file below `dir` (a file or a symbolic link to one), sorted by path, at most `max`
 * of them, in folders at most `maxDepth` below it; symlinked folders are not followed. Agent
 * definitions, `.claude/rules` and slash-command files are read so.
 */
export function markdownFilesBelow(dir: string, max: number, maxDepth = Number.POSITIVE_INFINITY): string[] {
  const files: string[] = [];
  const walk = (folder: string, depth: number): void => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(folder, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (files.length >= max) return;
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        if (depth < maxDepth) walk(full, depth + 1);
      } else if (entry.name.endsWith(".md") && (entry.isFile() || entry.isSymbolicLink())) files.push(full);
    }
  };
  walk(dir, 0);
  return files;
}
