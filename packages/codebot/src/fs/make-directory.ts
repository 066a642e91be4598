import fs from "node:fs";
import path from "node:path";

/**
 * `mkdir -p` whose error names what stopped it: Node's recursive mkdir reports ENOENT when a
 * missing parent cannot be made on a read-only file system. Making the missing directories one
 * by one then throws the real error (EROFS), or makes them.
 */
export function makeDirectory(dir: string): void {
  try {
    fs.mkdirSync(dir, { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    const missing: string[] = [];
    for (let d = dir; !fs.existsSync(d) && path.dirname(d) !== d; d = path.dirname(d)) missing.unshift(d);
    for (const d of missing) fs.mkdirSync(d);
  }
}
