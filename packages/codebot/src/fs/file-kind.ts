import type fs from "node:fs";

/** What a path that is not a regular file is, for a message: "a directory", "a named pipe"… */
export function fileKind(stat: fs.Stats): string {
  if (stat.isDirectory()) return "a directory";
  if (stat.isCharacterDevice()) return "a character device";
  if (stat.isBlockDevice()) return "a block device";
  if (stat.isFIFO()) return "a named pipe";
  if (stat.isSocket()) return "a socket";
  if (stat.isSymbolicLink()) return "a symbolic link";
  return "not a file";
}
