import fs from "node:fs";

/**
 * Renames a damaged file out of the way, to `<file>.bad` (or `<file>.2.bad`… when an earlier
 * damaged file holds that name), and returns the new name: the next write then does not wipe it
 * unseen. Throws when it cannot be renamed.
 */
export function setAside(file: string): string {
  const bad = freeName(`${file}.bad`);
  fs.renameSync(file, bad);
  return bad;
}

function freeName(name: string): string {
  if (!fs.existsSync(name)) return name;
  for (let n = 2; ; n++) {
    const numbered = name.replace(/\.bad$/, `.${n}.bad`);
    if (!fs.existsSync(numbered)) return numbered;
  }
}
