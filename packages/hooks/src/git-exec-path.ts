/**
 * `GIT_EXEC_PATH=dir` (git(1)): git runs its `git-<name>` programs from `dir` — remote helpers
 * (`git-remote-https` for a fetch), commands that are not built in. Which ones depends on what git
 * is asked, maybe by a script, so every `git-*` file directly in a project folder so named counts
 * (§8), as the `git-<subcommand>` of `git --exec-path=dir` does on a command line.
 */
import path from "node:path";
import { folderFiles } from "./folder-files.js";
import { isWithin } from "./path-within.js";

/** Past this many names in the folder, the rest are not looked at. */
const MAX_NAMES = 200;

/** The `git-*` regular files directly in `value` read from each of `dirs`, inside `root`. */
export function gitExecPrograms(value: string, dirs: readonly string[], root: string): string[] {
  if (value === "" || value.startsWith("~")) return [];
  const folders = path.isAbsolute(value) ? [path.resolve(value)] : dirs.map((d) => path.resolve(d, value));
  return folders.flatMap((folder) =>
    isWithin(folder, root)
      ? folderFiles(folder, MAX_NAMES).filter((file) => path.basename(file).startsWith("git-"))
      : [],
  );
}
