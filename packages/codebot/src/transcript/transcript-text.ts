import fs from "node:fs";
import { fileKind } from "../fs/file-kind.js";

/**
 * The text of the transcript at `file`, which must be a regular file. Anything else is refused
 * before it is opened: reading a FIFO would wait for a writer that never comes, and a directory
 * fails with a bare EISDIR that names no file.
 */
export function transcriptText(file: string): string {
  const stat = fs.statSync(file);
  if (!stat.isFile()) throw new Error(`its transcript ${file} is not a regular file (${fileKind(stat)})`);
  // An unreadable one (EACCES) fails with an error that names the file.
  return fs.readFileSync(file, "utf8");
}
