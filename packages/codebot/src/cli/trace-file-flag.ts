import fs from "node:fs";
import path from "node:path";
import { CliError } from "./cli-error.js";

/**
 * `--trace-file <file>`: the absolute path, once it is known to be writable. An audit trail that
 * cannot be written is refused before the session starts rather than found empty after it:
 * the file is created when missing, and nothing already in it changes.
 */
export function traceFileFlag(value: string): string {
  const file = path.resolve(value);
  try {
    fs.appendFileSync(file, "");
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new CliError(`--trace-file ${file}: cannot write to it (${reason})`);
  }
  return file;
}
