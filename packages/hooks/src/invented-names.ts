/**
 * A copy of a project file under a name the command does not write out (session 33 left it
 * unfollowed): a program codebot cannot read, given a project file (`~/bin/stage n`), may write
 * it anywhere under a name of its own (`/tmp/staged.sh`, `/tmp/out-$RANDOM`), and `cp n
 * /tmp/y-$(date +%s)` names its copy only as it runs. Once the command did either
 * (command-place.ts's INVENTED_NAME), a file it runs by a path is held as running what codebot
 * cannot name when that program could have written it: one the user may write, or a missing one
 * in a folder the user may write. Files the user cannot write (`/usr/bin/say` for anyone but
 * root) could not be the copy; a bare name looked up on `PATH` is not read as such a path.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { INVENTED_NAME, type Place, statOf } from "./command-place.js";
import { UNKNOWN_PART } from "./shell-words.js";

export function mayBeInvented(text: string, place: Place): boolean {
  const words = place.opaqueWords ?? new Set<string>();
  if (text === "" || text.includes(UNKNOWN_PART) || words.has(INVENTED_NAME + text)) return false;
  if (![...words].some((word) => word.startsWith(INVENTED_NAME))) return false;
  const name = text === "~" || text.startsWith("~/") ? path.join(os.homedir(), text.slice(1)) : text;
  const candidates = path.isAbsolute(name) ? [name] : place.dirs.map((dir) => path.resolve(dir, name));
  return place.unknown || candidates.some(userMayWrite);
}

/** Whether the user could have written `file`: it, or the folder it is or would be in, is writable. */
function userMayWrite(file: string): boolean {
  for (let at = file; ; at = path.dirname(at)) {
    if (statOf(at) !== undefined) return writable(at) || (at === file && writable(path.dirname(at)));
    if (path.dirname(at) === at) return false;
  }
}

function writable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.W_OK);
    return true;
  } catch {
    return false;
  }
}
