import fs from "node:fs";
import { fileKind } from "../fs/file-kind.js";

/** One line of a transcript file, without its newline. */
export interface RawLine {
  text: string;
  /** 1-based, blank lines counted. */
  number: number;
  /** False for a last line with no newline after it (cut off by a crash). */
  terminated: boolean;
}

/** How much of the file is read at a time. */
const CHUNK_BYTES = 1 << 20;

/**
 * The lines of the transcript at `file`, read a chunk at a time: a transcript of any size is
 * resumed without holding it as one string (which V8 cannot make beyond 512 MB). The file must
 * be a regular file; anything else is refused before it is opened — reading a FIFO would wait for
 * a writer that never comes, and a directory fails with a bare EISDIR that names no file.
 */
export function* transcriptLines(file: string, chunkBytes = CHUNK_BYTES): Generator<RawLine> {
  const stat = fs.statSync(file);
  if (!stat.isFile()) throw new Error(`its transcript ${file} is not a regular file (${fileKind(stat)})`);
  // An unreadable one (EACCES) fails with an error that names the file.
  const fd = fs.openSync(file, "r");
  try {
    const buffer = Buffer.alloc(chunkBytes);
    /** The start of the current line, read in earlier chunks. */
    let partial: Buffer[] = [];
    let number = 0;
    for (let read = fs.readSync(fd, buffer); read > 0; read = fs.readSync(fd, buffer)) {
      // A newline byte is never part of a multi-byte UTF-8 character, so lines split on bytes.
      let from = 0;
      for (let at = buffer.indexOf(10, from); at !== -1 && at < read; at = buffer.indexOf(10, from)) {
        number += 1;
        const text = Buffer.concat([...partial, buffer.subarray(from, at)]).toString("utf8");
        partial = [];
        from = at + 1;
        yield { text, number, terminated: true };
      }
      if (from < read) partial.push(Buffer.from(buffer.subarray(from, read)));
    }
    if (partial.length > 0)
      yield { text: Buffer.concat(partial).toString("utf8"), number: number + 1, terminated: false };
  } finally {
    fs.closeSync(fd);
  }
}
