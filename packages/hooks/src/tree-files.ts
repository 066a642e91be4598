/**
 * The files of one name anywhere under a folder (`conftest.py`, `build.rs`): what a test runner
 * or build tool finds and runs on its own. Walked breadth first, each folder's names sorted,
 * without `.git` and `node_modules`; capped, as folderFiles is, so a huge tree cannot stall a
 * fingerprint: past MAX_FOLDERS folders or MAX_FILES files the rest is not looked at.
 */
import type fs from "node:fs";
import path from "node:path";
import { folderEntries } from "./recorded-reads.js";

const MAX_FOLDERS = 2000;
const MAX_FILES = 200;
const NOT_WALKED = new Set([".git", "node_modules"]);

export function treeFiles(top: string, name: string): string[] {
  const found: string[] = [];
  const queue = [top];
  for (let k = 0; k < queue.length && k < MAX_FOLDERS && found.length < MAX_FILES; k++) {
    const folder = queue[k] as string;
    let entries: fs.Dirent[];
    try {
      entries = folderEntries(folder);
    } catch {
      continue;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (entry.isDirectory() && !NOT_WALKED.has(entry.name)) queue.push(path.join(folder, entry.name));
      else if (entry.isFile() && entry.name === name && found.length < MAX_FILES)
        found.push(path.join(folder, entry.name));
    }
  }
  return found;
}
