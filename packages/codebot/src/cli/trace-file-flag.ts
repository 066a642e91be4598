import fs from "node:fs";
import path from "node:path";
import { visible } from "../approval/visible-text.js";
import { CliError } from "./cli-error.js";

/**
 * `--trace-file <file>`: the absolute path, once it is known to be writable. An audit trail that
 * cannot be written is refused before the session starts rather than found empty after it:
 * the file is created when missing, and nothing already in it changes.
 */
export function traceFileFlag(value: string): string {
  return appendableFile("--trace-file", value);
}

/**
 * A flag's file that lines are appended to (`--trace-file`, `--debug-file`): its absolute path,
 * created (with its folder when `makeFolder`) and checked writable now, or a one-line refusal.
 */
export function appendableFile(flag: string, value: string, options: { makeFolder?: boolean } = {}): string {
  const file = path.resolve(value);
  refuseShippedLink(flag, file);
  try {
    if (options.makeFolder) fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.appendFileSync(file, "");
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new CliError(`${flag} ${file}: cannot write to it (${reason})`);
  }
  return file;
}

/**
 * A symbolic link under the working folder (a cloned repository's `debug.log` → `~/.bashrc`, or
 * its folder `logs` → elsewhere) is refused: the lines would be appended to whatever it points
 * at, a file of yours. One elsewhere (`/dev/stderr`, a `/tmp` that is a link) was put there by you
 * or the system, and is followed.
 */
function refuseShippedLink(flag: string, file: string): void {
  const inside = path.relative(process.cwd(), file);
  if (inside.startsWith("..") || path.isAbsolute(inside)) return;
  const parts = inside.split(path.sep);
  for (let end = 1; end <= parts.length; end++) {
    const at = path.join(process.cwd(), ...parts.slice(0, end));
    let stat: fs.Stats | undefined;
    try {
      stat = fs.lstatSync(at);
    } catch {
      return; // not there (or its folder is not): the write below says why, when it cannot
    }
    if (!stat.isSymbolicLink()) continue;
    const to = visible(fs.readlinkSync(at));
    throw new CliError(
      at === file
        ? `${flag} ${visible(file)}: is a symbolic link (to ${to}); lines would be appended where it points: name the file itself`
        : `${flag} ${visible(file)}: its folder ${visible(at)} is a symbolic link (to ${to}); lines would be appended where it points: name a file in a real folder`,
    );
  }
}
