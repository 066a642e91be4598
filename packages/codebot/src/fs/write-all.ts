import fs from "node:fs";

/**
 * Writes all of `bytes` to `fd`: a write may take only part (a disk filling up), so the rest is
 * written on until it is done or a write throws (ENOSPC), as appendFileSync does. A write that
 * takes nothing at all throws too, rather than trying forever.
 */
export function writeAll(fd: number, bytes: Uint8Array): void {
  for (let at = 0; at < bytes.length; ) {
    const wrote = fs.writeSync(fd, bytes, at, bytes.length - at);
    if (wrote === 0) throw new Error("the file takes no more bytes");
    at += wrote;
  }
}
