import fs from "node:fs";
import path from "node:path";
import type { PathPolicy } from "../paths/path-policy.js";
import { filesNamedBy } from "./bash-named-files.js";
import { lineReach } from "./recursive-reads.js";

/** Devices every shell line may read and write: nothing of a file outside is in them. */
const DEVICES = /^\/dev\/(null|zero|u?random|tty|stdin|stdout|stderr|fd\/\d+)$/;

/**
 * The first path outside the project and its added folders that a bash line reads (`writing`:
 * writes), as the `Read`/`Edit` deny rules read the line (bash-named-files.ts; for reads the
 * folders it reads whole too, recursive-reads.ts), shown as named. A read counts when the path is
 * there (`awk '/x/'` names no folder `/x`), a write when its folder is. Best effort, as those are.
 */
export function pathOutside(
  command: string,
  cwd: string,
  paths: PathPolicy,
  home: string,
  writing: boolean,
): string | undefined {
  const named = filesNamedBy(command, cwd, home, writing);
  const candidates = writing ? named : [...named, ...lineReach(command, cwd, home).folders];
  for (const file of candidates) {
    if (DEVICES.test(file)) continue;
    if (!exists(writing ? path.dirname(file) : file)) continue;
    if (paths.outside(file) !== undefined) return file;
  }
  return undefined;
}

/** Whether the path is there, a link counted as itself (not followed). */
function exists(file: string): boolean {
  return fs.lstatSync(file, { throwIfNoEntry: false }) !== undefined;
}
