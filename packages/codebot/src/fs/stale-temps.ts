import fs from "node:fs";
import path from "node:path";
import { tempFileWriter } from "./atomic-write.js";
import { isRunning } from "./lock-holder.js";

/** A temporary file this old is left over: writeFileAtomic renames its own within milliseconds. */
export const STALE_TEMP_MS = 60_000;
/**
 * A temporary file of a pid that is not running here is left over once this old. Not at once:
 * its writer may be another container's codebot sharing CODEBOT_HOME (its pid means nothing
 * here) in the middle of a write — the 10 s a brief lock of such a writer counts too.
 */
export const DEAD_WRITER_TEMP_MS = 10_000;

/**
 * Removes the temporary files of writeFileAtomic in `dir` that a process killed between its write
 * and its rename left behind (`.<file>.<pid>.<random>.tmp`): those older than a minute, and
 * those of a pid that no longer runs older than 10 s. Another live codebot's file is never one of
 * them. Any other file is left alone, and a file that cannot be removed stays.
 */
export function removeStaleTemps(
  dir: string,
  now = Date.now(),
  only: (name: string) => boolean = () => true,
): void {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = only(name) ? tempFileWriter(name) : undefined;
    if (pid === undefined) continue;
    const file = path.join(dir, name);
    const stat = fs.lstatSync(file, { throwIfNoEntry: false });
    if (!stat?.isFile()) continue;
    const age = now - stat.mtimeMs;
    if (age > STALE_TEMP_MS || (age > DEAD_WRITER_TEMP_MS && !isRunning({ pid }))) removeQuietly(file);
  }
}

function removeQuietly(file: string): void {
  try {
    fs.rmSync(file, { force: true });
  } catch {
    // Left for the next start: cleaning up is never worth failing one.
  }
}

/**
 * Removes the left-over temporary files of one file (`.<name>.codebot-<pid>-<random>.tmp`
 * beside it), by the same rules: what a file tool's write left when codebot was killed
 * mid-write goes the next time codebot writes that file. The rest of its folder is not touched.
 */
export function removeStaleTempsOf(file: string, now = Date.now()): void {
  const prefix = `.${path.basename(file)}.`;
  removeStaleTemps(path.dirname(file), now, (name) => name.startsWith(prefix));
}
