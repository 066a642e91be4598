/**
 * A git template folder (`GIT_TEMPLATE_DIR`, `init.templateDir`, `git init`/`git clone
 * --template=dir`): git copies it into each repository it makes, `hooks/` included, and then runs
 * those hooks (`post-checkout` after a clone) and reads the copied `config` (§8). So a project
 * folder so named counts with the files of its `hooks/` and its `config`.
 */
import path from "node:path";
import { folderFiles } from "./folder-files.js";
import { isWithin } from "./path-within.js";
import { statPath } from "./recorded-reads.js";

/** Past this many names in `hooks/`, the rest are not looked at. */
const MAX_NAMES = 200;

export interface TemplateFiles {
  /** The regular files of each folder's `hooks/`. */
  hooks: string[];
  /** Each folder's `config`, when it is a regular file: read as git configuration. */
  configs: string[];
}

/** The files of the template folder `value` read from each of `dirs`, inside `root`. */
export function gitTemplateFiles(value: string, dirs: readonly string[], root: string): TemplateFiles {
  const found: TemplateFiles = { hooks: [], configs: [] };
  if (value === "" || value.startsWith("~")) return found;
  const folders = path.isAbsolute(value) ? [path.resolve(value)] : dirs.map((d) => path.resolve(d, value));
  for (const folder of folders) {
    if (!isWithin(folder, root)) continue;
    found.hooks.push(...folderFiles(path.join(folder, "hooks"), MAX_NAMES));
    const config = path.join(folder, "config");
    if (statPath(config)?.isFile() === true) found.configs.push(config);
  }
  return found;
}
