/**
 * Programs that make, copy, move or remove files, which `acceptEdits` runs unasked inside the
 * project as Claude Code does (read-only-bash.ts's editsOnlyFiles), besides the reading ones.
 * Claude Code 2.1.328 runs `mkdir`, `touch`, `cp`, `mv`, `rm`, `rmdir` there and asks for `chmod`
 * and `ln` (checked); codebot asks for `sed -i` too, whose script can run commands (`e`) or write
 * other files (`w`).
 */
import { READ_ONLY_PROGRAMS, type ReadOnlyProgram } from "./read-only-programs.js";

export const FILE_EDITING_PROGRAMS: Readonly<Record<string, ReadOnlyProgram>> = {
  ...READ_ONLY_PROGRAMS,
  mkdir: {},
  touch: {},
  // `cp -L` copies what a symlink to a file outside the project holds into it; `cp --parents SRC
  // DEST` writes DEST/SRC, which SRC's `..` can take out of the project while SRC itself is inside.
  cp: { refused: ["-L", "--dereference", "--parents"] },
  mv: { noGlobs: true },
  rm: { noGlobs: true },
  rmdir: { noGlobs: true },
};
