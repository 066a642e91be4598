import { writeFileAtomic } from "../fs/atomic-write.js";
import { removeStaleTempsOf } from "../fs/stale-temps.js";

/**
 * How the file tools (write, edit) replace a file: atomically, then the temporary files an
 * earlier codebot killed mid-write of the same file left beside it are removed (no start-up sweep
 * of the whole project: only a folder codebot writes in is read).
 */
export function writeProjectFile(file: string, content: string, mode?: number): void {
  writeFileAtomic(file, content, mode);
  removeStaleTempsOf(file);
}
