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
import { folderNames, linkTarget, readTextFile, statPath } from "./recorded-reads.js";

/** Past this many names in `hooks/`, the rest are not looked at. */
const MAX_NAMES = 200;

/** Where a git command was told its repository is: `--git-dir`/`GIT_DIR`, `GIT_COMMON_DIR`. */
export interface NamedRepository {
  gitDir?: string;
  commonDir?: string;
}

/**
 * The git configuration files and hook programs of the repositories a command in `dirs` (those
 * within `root`) works in: the nearest folder up holding a `.git` git takes, or being a bare
 * repository (and any `.git` folder git passed over on the way), or the git folder `named`,
 * relative to the folder it runs in. Wherever that git folder is — the project
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
    const common = (gitDir: string) =>
      named.commonDir === undefined ? commonDir(gitDir) : path.resolve(dir, named.commonDir);
    if (named.gitDir !== undefined) {
      const gitDir = gitFolder(path.resolve(dir, named.gitDir));
      if (gitDir !== undefined) addFilesOf(found, gitDir, common(gitDir));
      continue;
    }
    // A `.git` folder git passed over as no git folder still counts, failing closed.
    const { found: repository, passedOver } = discovered(dir);
    for (const gitDir of passedOver) addFilesOf(found, gitDir, commonDir(gitDir));
    if (repository !== undefined) addFilesOf(found, repository.gitDir, common(repository.gitDir));
    else if (named.commonDir !== undefined) addFilesOf(found, common(dir), common(dir));
  }
  return found;
}

/** The configuration files that run code and the hook programs of one git folder. */
function addFilesOf(found: TemplateFiles, gitDir: string, common: string): void {
  for (const config of [path.join(common, "config"), path.join(gitDir, "config.worktree")])
    if (!found.configs.includes(config) && gitConfigRunsCode(config)) found.configs.push(config);
  for (const hook of hookPrograms(path.join(common, "hooks")))
    if (!found.hooks.includes(hook)) found.hooks.push(hook);
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
  return discovered(dir).found;
}

/**
 * What git's discovery from `dir` finds, and the `.git` folders it passed over on the way: a
 * `.git` file names the git folder (one that names none stops git); a `.git` folder that is no
 * git folder git passes over, to its folder taken as a bare repository, then the ones above.
 */
function discovered(dir: string): { found?: GitFolders; passedOver: string[] } {
  const passedOver: string[] = [];
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    const dotGit = path.join(at, ".git");
    const stat = statPath(dotGit);
    if (stat?.isFile()) {
      const gitDir = gitFolder(dotGit, stat);
      if (gitDir === undefined) return { passedOver };
      return { found: { gitDir, commonDir: commonDir(gitDir), dotGitFile: dotGit }, passedOver };
    }
    if (stat?.isDirectory()) {
      if (isGitDirectory(dotGit))
        return { found: { gitDir: dotGit, commonDir: commonDir(dotGit) }, passedOver };
      passedOver.push(dotGit);
    }
    if (isGitDirectory(at)) return { found: { gitDir: at, commonDir: commonDir(at) }, passedOver };
    if (at === path.dirname(at)) return { passedOver };
  }
}

/** The git folder `dotGit` is: itself, or the one a `.git` file's `gitdir:` line names. */
function gitFolder(dotGit: string, stat = statPath(dotGit)): string | undefined {
  if (stat?.isDirectory()) return dotGit;
  if (!stat?.isFile()) return undefined;
  const target = /^gitdir:\s*(.*?)\s*$/m.exec(readText(dotGit))?.[1];
  return target === undefined || target === "" ? undefined : path.resolve(path.dirname(dotGit), target);
}

/**
 * Whether git takes `dir` for a git folder, as its is_git_directory does: a `HEAD` that is a
 * symbolic ref (`ref: refs/…`, a symlink into `refs/`) or an object id, and an `objects` and a
 * `refs` it may enter in the common folder. An archive's empty `.git` beside a bare repository's
 * files is not one: git runs the bare one's `config`.
 */
function isGitDirectory(dir: string): boolean {
  if (!validHead(path.join(dir, "HEAD"))) return false;
  const common = commonDir(dir);
  return ["objects", "refs"].every((name) => {
    const stat = statPath(path.join(common, name));
    return stat !== undefined && (stat.isDirectory() || (stat.mode & 0o111) !== 0);
  });
}

/** git's validate_headref: a symlink whose target starts `refs/`, or text `ref: refs/…` or an object id. */
function validHead(head: string): boolean {
  const target = linkTarget(head);
  if (target !== undefined) return target.startsWith("refs/");
  const text = readText(head);
  return /^ref:\s*refs\//.test(text) || /^(?:[0-9a-fA-F]{40}|[0-9a-fA-F]{64})/.test(text);
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
