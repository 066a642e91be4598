/**
 * What a repository's own git folder makes every `git` run in it run (§8). A clone never brings a
 * `.git`, but a repository unpacked from an archive does, and its `config` can name programs —
 * `core.fsmonitor` (run by `git status`), `core.hooksPath`, a `filter.<x>.clean` or
 * `diff.<x>.textconv` driver with `.gitattributes`, `diff.external`, `core.pager`,
 * `core.sshCommand`, `alias.<x> = !…`, `include.path` — and its `hooks/` can hold programs
 * (`post-index-change` runs on `git status`, `pre-commit` on `git commit`). So a command that runs
 * `git` runs those: the repository's git configuration files when they hold any entry other than
 * those that run nothing (git-config-inert.ts; read as the `git -c` options they stand for,
 * git-config-file.ts), and the executable files of its `hooks/` other than git's `*.sample`.
 */
import path from "node:path";
import { gitConfigRunsCode } from "./git-config-file.js";
import type { TemplateFiles } from "./git-template-dir.js";
import { isWithin } from "./path-within.js";
import { folderNames, pathExists, readTextFile, statPath } from "./recorded-reads.js";

/** Past this many names in `hooks/`, the rest are not looked at. */
const MAX_NAMES = 200;

/** Where a git command was told its repository is: `--git-dir`/`GIT_DIR`, `GIT_COMMON_DIR`. */
export interface NamedRepository {
  gitDir?: string;
  commonDir?: string;
}

/**
 * The git configuration files and hook programs of the repositories a command in `dirs` (those
 * within `root`) works in: the nearest folder up holding `.git` or being a bare repository, or the
 * git folder `named`, relative to the folder it runs in. Wherever that git folder is — the project
 * opened in a subfolder of an unpacked archive runs the archive's `.git`, above the project.
 */
export function gitRepositoryFiles(
  dirs: readonly string[],
  root: string,
  named: NamedRepository = {},
): TemplateFiles {
  const found: TemplateFiles = { hooks: [], configs: [] };
  for (const dir of dirs) {
    if (!isWithin(dir, root)) continue;
    const gitDir =
      named.gitDir === undefined ? repositoryOf(dir) : gitFolder(path.resolve(dir, named.gitDir));
    if (gitDir === undefined) continue;
    const common = named.commonDir === undefined ? commonDir(gitDir) : path.resolve(dir, named.commonDir);
    for (const config of [path.join(common, "config"), path.join(gitDir, "config.worktree")])
      if (!found.configs.includes(config) && gitConfigRunsCode(config)) found.configs.push(config);
    for (const hook of hookPrograms(path.join(common, "hooks")))
      if (!found.hooks.includes(hook)) found.hooks.push(hook);
  }
  return found;
}

/** The git folder of the repository `dir` is in, as git finds it. */
function repositoryOf(dir: string): string | undefined {
  return gitFoldersOf(dir)?.gitDir;
}

/** Where git finds the repository `dir` is in. */
export interface GitFolders {
  /** The git folder: a `.git` folder, the one a `.git` file names, or a bare repository. */
  gitDir: string;
  /** The folder its objects, refs, config and hooks are in (a linked worktree's `commondir`). */
  commonDir: string;
  /** The `.git` file whose `gitdir:` line named `gitDir` (a linked worktree, a submodule), if one did. */
  dotGitFile?: string;
}

/** The git folders of the repository `dir` is in, as git finds it, or undefined when it is in none. */
export function gitFoldersOf(dir: string): GitFolders | undefined {
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    const dotGit = path.join(at, ".git");
    const stat = statPath(dotGit);
    if (stat?.isDirectory() || stat?.isFile()) {
      const gitDir = gitFolder(dotGit, stat);
      if (gitDir === undefined) return undefined;
      return { gitDir, commonDir: commonDir(gitDir), ...(stat.isFile() ? { dotGitFile: dotGit } : {}) };
    }
    // A bare repository: git takes the folder itself when it has HEAD, objects/ and refs/.
    if (["HEAD", "objects", "refs"].every((name) => pathExists(path.join(at, name))))
      return { gitDir: at, commonDir: commonDir(at) };
    if (at === path.dirname(at)) break;
  }
  return undefined;
}

/** The git folder `dotGit` is: itself, or the one a `.git` file's `gitdir:` line names. */
function gitFolder(dotGit: string, stat = statPath(dotGit)): string | undefined {
  if (stat?.isDirectory()) return dotGit;
  if (!stat?.isFile()) return undefined;
  const target = /^gitdir:\s*(.*?)\s*$/m.exec(readText(dotGit))?.[1];
  return target === undefined || target === "" ? undefined : path.resolve(path.dirname(dotGit), target);
}

/** A worktree's git folder shares the main one's config and hooks (its `commondir`). */
function commonDir(gitDir: string): string {
  const named = readText(path.join(gitDir, "commondir")).trim();
  return named === "" ? gitDir : path.resolve(gitDir, named);
}

/** The executable regular files of `hooks/`, not git's `*.sample` ones: git runs only executable hooks. */
function hookPrograms(folder: string): string[] {
  let names: string[];
  try {
    names = folderNames(folder).sort().slice(0, MAX_NAMES);
  } catch {
    return [];
  }
  return names
    .filter((name) => !name.endsWith(".sample"))
    .map((name) => path.join(folder, name))
    .filter((file) => {
      const stat = statPath(file);
      return stat?.isFile() === true && (stat.mode & 0o111) !== 0;
    });
}

function readText(file: string): string {
  try {
    return readTextFile(file).slice(0, 4096);
  } catch {
    return "";
  }
}
