/**
 * The first `maxBytes` of a file as UTF-8 text, or "" if it cannot be read: configuration that
 * names what runs (a git config, pytest's `addopts`) is read this far, never a whole huge file.
 */
import fs from "node:fs";
import { openForReading } from "./recorded-reads.js";

export function fileStart(file: string, maxBytes: number): string {
  let fd: number | undefined;
  try {
    const opened = openForReading(file);
    fd = opened.fd;
    // A buffer the size of the file, not of the limit: zero-filling 256 KiB for a 200-byte
    // .git/config cost more than all the rest of reading a git command's references.
    const size = opened.stat.size;
    const length = size > 0 ? Math.min(size, maxBytes) : maxBytes;
    const buffer = Buffer.alloc(length);
    return buffer.toString("utf8", 0, fs.readSync(fd, buffer, 0, length, 0));
  } catch {
    return "";
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}
