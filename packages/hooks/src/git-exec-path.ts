/**
 * `GIT_EXEC_PATH=dir` (git(1)): git runs its `git-<name>` programs from `dir` — remote helpers
 * (`git-remote-https` for a fetch), commands that are not built in. Which ones depends on what git
 * is asked, maybe by a script, so every `git-*` file directly in a project folder so named counts
 * (§8), as the `git-<subcommand>` of `git --exec-path=dir` does on a command line.
 */
import fs from "node:fs";
import path from "node:path";

/** Past this many names in the folder, the rest are not looked at. */
const MAX_NAMES = 200;

/** The `git-*` regular files directly in `value` read from each of `dirs`, inside `root`. */
export function gitExecPrograms(value: string, dirs: readonly string[], root: string): string[] {
  if (value === "" || value.startsWith("~")) return [];
  const folders = path.isAbsolute(value) ? [path.resolve(value)] : dirs.map((d) => path.resolve(d, value));
  return folders.flatMap((folder) => (inside(folder, root) ? programsIn(folder) : []));
}

function programsIn(folder: string): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(folder).sort().slice(0, MAX_NAMES);
  } catch {
    return [];
  }
  return names
    .filter((name) => name.startsWith("git-"))
    .map((name) => path.join(folder, name))
    .filter((file) => fs.statSync(file, { throwIfNoEntry: false })?.isFile() === true);
}

function inside(folder: string, root: string): boolean {
  const rel = path.relative(root, folder);
  return rel === "" || (rel !== ".." && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}
