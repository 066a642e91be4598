import { constants } from "node:buffer";
import fs from "node:fs";
import { fileKind } from "../fs/file-kind.js";

/** One line of a transcript file, without its newline. */
export interface RawLine {
  /** The line's text; empty for a line too long to read (`tooLong`). */
  text: string;
  /** 1-based, blank lines counted. */
  number: number;
  /** False for a last line with no newline after it (cut off by a crash). */
  terminated: boolean;
  /** Where the line starts in the file, and its length, in bytes (its newline left out). */
  offset: number;
  bytes: number;
  /** Longer than `maxLineBytes`: its text was not kept, so one huge line cannot fail the whole read. */
  tooLong: boolean;
}

export interface LineLimits {
  /** How much of the file is read at a time. */
  chunkBytes?: number;
  /**
   * The longest line whose text is kept. By default the most bytes that surely make a string: a
   * UTF-8 byte is at most one UTF-16 unit, and V8 makes no string longer than about 512 MB.
   */
  maxLineBytes?: number;
}

const CHUNK_BYTES = 1 << 20;

/**
 * The lines of the transcript at `file`, read a chunk at a time: a transcript of any size is
 * resumed without holding it as one string (which V8 cannot make beyond 512 MB), and a single
 * line beyond that size comes as `tooLong` instead of failing the read. The file must be a
 * regular file; anything else is refused before it is opened — reading a FIFO would wait for a
 * writer that never comes, and a directory fails with a bare EISDIR that names no file.
 */
export function* transcriptLines(
  file: string,
  { chunkBytes = CHUNK_BYTES, maxLineBytes = constants.MAX_STRING_LENGTH }: LineLimits = {},
): Generator<RawLine> {
  const stat = fs.statSync(file);
  if (!stat.isFile()) throw new Error(`its transcript ${file} is not a regular file (${fileKind(stat)})`);
  // An unreadable one (EACCES) fails with an error that names the file.
  const fd = fs.openSync(file, "r");
  try {
    const buffer = Buffer.alloc(chunkBytes);
    /** The start of the current line, read in earlier chunks (dropped once it is too long). */
    let partial: Buffer[] = [];
    /** The current line's start in the file and its bytes so far. */
    let offset = 0;
    let bytes = 0;
    let number = 0;
    const line = (terminated: boolean): RawLine => {
      const tooLong = bytes > maxLineBytes;
      const text = tooLong ? "" : Buffer.concat(partial).toString("utf8");
      return { text, number, terminated, offset, bytes, tooLong };
    };
    /** A piece of the current line; `copy` when it must outlive the next read into `buffer`. */
    const keep = (piece: Buffer, copy: boolean) => {
      bytes += piece.length;
      if (bytes <= maxLineBytes) partial.push(copy ? Buffer.from(piece) : piece);
      else partial = [];
    };
    for (let read = fs.readSync(fd, buffer); read > 0; read = fs.readSync(fd, buffer)) {
      // A newline byte is never part of a multi-byte UTF-8 character, so lines split on bytes.
      let from = 0;
      for (let at = buffer.indexOf(10, from); at !== -1 && at < read; at = buffer.indexOf(10, from)) {
        number += 1;
        keep(buffer.subarray(from, at), false);
        yield line(true);
        offset += bytes + 1;
        bytes = 0;
        partial = [];
        from = at + 1;
      }
      if (from < read) keep(buffer.subarray(from, read), true);
    }
    if (bytes > 0) {
      number += 1;
      yield line(false);
    }
  } finally {
    fs.closeSync(fd);
  }
}
