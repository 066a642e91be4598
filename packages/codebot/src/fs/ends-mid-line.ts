import fs from "node:fs";
import { openRegularFile } from "@codebot/hooks";

/**
 * True when the file is not empty and its last byte is not a newline: a JSONL file whose last
 * line was cut off (a crash, a full disk). A line appended to it must start with a newline, or
 * it joins the cut line and both are lost to a reader. What is not a regular file is not read
 * (opening a FIFO to read would wait for a writer): false.
 */
export function endsMidLine(file: string): boolean {
  let fd: number;
  let stat: fs.Stats;
  try {
    ({ fd, stat } = openRegularFile(file));
  } catch {
    return false;
  }
  try {
    if (stat.size === 0) return false;
    const size = stat.size;
    const last = Buffer.alloc(1);
    fs.readSync(fd, last, 0, 1, size - 1);
    return last[0] !== 0x0a;
  } finally {
    fs.closeSync(fd);
  }
}
