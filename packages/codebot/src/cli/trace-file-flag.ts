import fs from "node:fs";
import path from "node:path";
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
  try {
    if (options.makeFolder) fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.appendFileSync(file, "");
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new CliError(`${flag} ${file}: cannot write to it (${reason})`);
  }
  return file;
}
