import fs from "node:fs";
import { fileKind } from "./file-kind.js";
import { writeAll } from "./write-all.js";

/**
 * Appends `text` to `file` (made when missing) only while it is a regular file: a link put in its
 * place is not followed (its target is not written) and a FIFO is not waited on (a session's own
 * bash can swap its transcript for one). Throws, saying what stands there, otherwise.
 */
export function appendToRegularFile(file: string, text: string): void {
  const { O_WRONLY, O_APPEND, O_CREAT, O_NOFOLLOW, O_NONBLOCK } = fs.constants;
  let fd: number;
  try {
    fd = fs.openSync(file, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_NONBLOCK, 0o666);
  } catch (error) {
    // A link (ELOOP) or a FIFO nobody reads (ENXIO): said as what it is, not as the system's code.
    const code = (error as NodeJS.ErrnoException).code;
    const there =
      code === "ELOOP" || code === "ENXIO" ? fs.lstatSync(file, { throwIfNoEntry: false }) : undefined;
    if (there !== undefined && !there.isFile()) throw new Error(`not a regular file (${fileKind(there)})`);
    throw error;
  }
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isFile()) throw new Error(`not a regular file (${fileKind(stat)})`);
    // A failure part way throws — the transcript writer then cuts the torn line back off.
    writeAll(fd, Buffer.from(text));
  } finally {
    fs.closeSync(fd);
  }
}
