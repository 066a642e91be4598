import fs from "node:fs";

/** How much of a file's end is read for its last lines: a line longer than this shows its end only. */
const TAIL_BYTES = 64 * 1024;

/**
 * The last `count` lines of the file open on `fd` (read at their place, so a write's position is
 * not moved), as a terminal would show them: a line rewritten with `\r` (a progress bar) as its
 * last state, a line not yet ended included. A line cut by where the read starts is left out.
 */
export function lastLinesOf(fd: number, count: number): string[] {
  const size = fs.fstatSync(fd).size;
  const length = Math.min(size, TAIL_BYTES);
  const bytes = Buffer.alloc(length);
  let read = 0;
  while (read < length) {
    const got = fs.readSync(fd, bytes, read, length - read, size - length + read);
    if (got === 0) break;
    read += got;
  }
  const lines = bytes.subarray(0, read).toString("utf8").split("\n");
  if (lines.at(-1) === "") lines.pop();
  if (size > length && lines.length > 1) lines.shift();
  return lines.slice(-count).map((line) => line.replace(/\r+$/, "").split("\r").at(-1) ?? "");
}
