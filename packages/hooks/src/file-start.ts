/**
 * The first `maxBytes` of a file as UTF-8 text, or "" if it cannot be read: configuration that
 * names what runs (a git config, pytest's `addopts`) is read this far, never a whole huge file.
 */
import fs from "node:fs";

export function fileStart(file: string, maxBytes: number): string {
  let fd: number | undefined;
  try {
    fd = fs.openSync(file, "r");
    const buffer = Buffer.alloc(maxBytes);
    return buffer.toString("utf8", 0, fs.readSync(fd, buffer, 0, maxBytes, 0));
  } catch {
    return "";
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}
