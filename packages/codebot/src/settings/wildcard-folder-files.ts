import fs from "node:fs";
import path from "node:path";
import { isWithin } from "@codebot/hooks";
import { realPathOf } from "./grant-runs.js";

/** More files than a grant lists by name: such a rule allows nothing (it asks). */
export const MAX_WILDCARD_FOLDER_FILES = 200;

/**
 * The project files a wildcard bash rule's `*` can name when it follows a path: `Bash(./scripts/*)`,
 * a project skill's `Bash(${CLAUDE_SKILL_DIR}/*)` filled in, `Bash(sh tools/check-*)` — each file
 * under that folder (at any depth: `*` spans `/`) whose path starts as written. A grant of such a
 * rule covers their content, as `Bash(./check.sh)`'s covers check.sh, so a script added or edited
 * there later (by a `git pull`, or by the model) asks instead of running through the approval.
 * Undefined when the rule names no project folder; `complete` false past
 * MAX_WILDCARD_FOLDER_FILES files.
 */
export function wildcardFolderFiles(
  named: string,
  root: string,
): { files: string[]; complete: boolean } | undefined {
  const word = /\S+$/.exec(named)?.[0];
  if (word === undefined || !word.includes("/") || /^["'~$]/.test(word)) return undefined;
  const spelled = path.resolve(root, word);
  const folder = realPathOf(word.endsWith("/") ? spelled : path.dirname(spelled));
  if (folder === undefined || !isWithin(folder, root)) return undefined;
  const start = word.endsWith("/") ? "" : path.basename(spelled);
  const files: string[] = [];
  const complete = walk(folder, (file) => {
    if (!path.relative(folder, file).startsWith(start)) return true;
    files.push(file);
    return files.length <= MAX_WILDCARD_FOLDER_FILES;
  });
  return { files: complete ? files : files.slice(0, MAX_WILDCARD_FOLDER_FILES), complete };
}

/** Every file under `folder` in name order, linked folders not entered; false once `take` says stop. */
function walk(folder: string, take: (file: string) => boolean): boolean {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(folder, { withFileTypes: true });
  } catch {
    return true;
  }
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      if (!walk(file, take)) return false;
    } else if (!take(file)) return false;
  }
  return true;
}
