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
    if (fs.statSync(file, { throwIfNoEntry: false })?.isFIFO()) throw new CliError(notAFifo(flag, file));
    // Without waiting: a FIFO put there since would hang the start, saying nothing.
    const { O_WRONLY, O_APPEND, O_CREAT, O_NONBLOCK } = fs.constants;
    fs.closeSync(fs.openSync(file, O_WRONLY | O_APPEND | O_CREAT | O_NONBLOCK));
  } catch (error) {
    if (error instanceof CliError) throw error;
    if ((error as NodeJS.ErrnoException).code === "ENXIO") throw new CliError(notAFifo(flag, file));
    const reason = error instanceof Error ? error.message : String(error);
    throw new CliError(`${flag} ${file}: cannot write to it (${reason})`);
  }
  return file;
}

/**
 * A FIFO is refused: a write to one waits for as long as no program reads it (the session would
 * hang, saying nothing), and a trace file is opened anew for each write, which its reader would
 * see as the end of its input after the first.
 */
function notAFifo(flag: string, file: string): string {
  return `${flag} ${file}: is a FIFO; writing to it would wait whenever no program reads it: name a file`;
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
