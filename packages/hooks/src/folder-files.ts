/**
 * The regular files directly in a folder, by name, the first `limit` names only: what a folder a
 * hook or a grant names may hold that a program runs or loads (a `GIT_EXEC_PATH`'s `git-*`, a
 * `PATH` folder's programs). The cap keeps a huge folder from stalling a fingerprint.
 */

import path from "node:path";
import { folderNames, statPath } from "./recorded-reads.js";

export function folderFiles(folder: string, limit: number): string[] {
  let names: string[];
  try {
    names = folderNames(folder).sort().slice(0, limit);
  } catch {
    return [];
  }
  return names.map((name) => path.join(folder, name)).filter((file) => statPath(file)?.isFile() === true);
}
