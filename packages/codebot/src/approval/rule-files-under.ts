import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SKIPPED_DIRS } from "../tools/walk-files.js";
import { matchesPath, type PathContext, type PermissionRule } from "./permission-rule.js";

/** Past this many entries a folder is not looked through: it counts as holding a covered file. */
const MAX_ENTRIES = 20_000;

/**
 * A file or folder below `folder` (or `folder` itself) that a path rule covers, as the rule's
 * folder and the real folder hold them: `Read(./.env)` under the project when `.env` is there,
 * `Read(./**\/*.key)` under `config` when `config/prod.key` is. Only the part of the tree the rule
 * can reach is walked, symlinks not followed (`grep -r`, `cp -r`, `tar`, `find` do not follow them
 * either), and not the `node_modules` and `.git` below it, which the file tools' searches leave out
 * too (else a glob rule would hold every `grep -r x .` of a large project); past MAX_ENTRIES
 * entries the folder itself is the answer (failing closed).
 * `folder` undefined: anywhere (a line reading files it does not name) — the rule's own folder.
 */
export function ruleFileUnder(
  rule: PermissionRule,
  folder: string | undefined,
  ctx: PathContext,
): string | undefined {
  const pattern = rule.path;
  if (pattern === undefined) return undefined;
  const base =
    pattern.anchor === "home" ? (ctx.home ?? os.homedir()) : pattern.anchor === "project" ? ctx.root : "/";
  const ruleFolder = pattern.anchor === "anywhere" ? undefined : path.join(base, ...pattern.literal);
  const start =
    ruleFolder === undefined
      ? (folder ?? ctx.root)
      : folder === undefined
        ? ruleFolder
        : deeper(folder, ruleFolder);
  if (start === undefined || !exists(start)) return undefined;
  if (pattern.rest === undefined && ruleFolder !== undefined) return start;
  return walkFor(start, (file) => matchesPath(rule, file, ctx, true));
}

/** The deeper of two folders when one holds the other, else undefined. */
function deeper(a: string, b: string): string | undefined {
  if (within(a, b)) return a;
  return within(b, a) ? b : undefined;
}

function within(inner: string, outer: string): boolean {
  const rel = path.relative(outer, inner);
  return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel));
}

/** Whether the path is there, a link counted as itself (not followed). */
function exists(file: string): boolean {
  return fs.lstatSync(file, { throwIfNoEntry: false }) !== undefined;
}

/** The first entry at or below `start` that `covered` holds, breadth first; `start` past the bound. */
function walkFor(start: string, covered: (file: string) => boolean): string | undefined {
  if (covered(start)) return start;
  const queue = [start];
  let seen = 0;
  while (queue.length > 0) {
    const dir = queue.shift() as string;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (++seen > MAX_ENTRIES) return start;
      const file = path.join(dir, entry.name);
      if (covered(file)) return file;
      if (entry.isDirectory() && !SKIPPED_DIRS.has(entry.name)) queue.push(file);
    }
  }
  return undefined;
}
