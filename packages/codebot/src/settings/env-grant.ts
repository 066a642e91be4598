import path from "node:path";
import {
  type ContentViews,
  envScripts,
  filesRunBy,
  folderFiles,
  gitConfigCommand,
  isLoadingVariable,
  isWithin,
  noteView,
  type ReadDigests,
  scriptsText,
} from "@codebot/hooks";
import { isDirectory } from "../fs/is-directory.js";
import { grantRunning, realPathOf } from "./grant-runs.js";
import { folderEntries } from "./path-folder-entries.js";

/** Past this many files in a project folder a value names, the rest are not looked at. */
const MAX_FOLDER_FILES = 200;
/**
 * A `PATH` folder's programs are covered whole (a real `node_modules/.bin` holds 1,500): one
 * with more entries than this is too large to verify, and its value is not offered for approval.
 */
export const MAX_PATH_FOLDER_ENTRIES = 5000;
/**
 * A folder's files larger than this are identified by size and modification time, not content:
 * a repository setting `PYTHONPATH=.` beside large data files must not make every start slow.
 */
const MAX_HASHED_FOLDER_FILE_BYTES = 1024 * 1024;

/**
 * The grant a project's `env` variable needs: `env:<NAME>=<value>`, and when the value makes
 * project files run or load — `BASH_ENV=./setup.sh`, `NODE_OPTIONS=--require ./x.js`, a project
 * file or folder as the value or one of its `:` parts (`PATH=./bin:/usr/bin`,
 * `GIT_CONFIG_GLOBAL=./gitconfig`, `PYTHONPATH=lib`) — the content of those files too
 * (`… (runs setup.sh #<digest>)`). Approving the value is approving the code it loads into every
 * `bash` call and hook: a `git pull` that changes that code asks again, as an edited hook script does.
 * Each file's digest is noted in `read`, for the approved files checked during the session to start from.
 */
export function envGrant(
  name: string,
  value: string,
  projectDir: string | undefined,
  read?: ReadDigests,
): string {
  const grant = `env:${name}=${value}`;
  if (projectDir === undefined) return grant;
  const views: ContentViews = new Map();
  const { names, files, folderFiles } = filesOfValue(name, value, projectDir, views);
  return grantRunning(
    grant,
    names,
    scriptsText(files, projectDir, views, undefined, read) +
      scriptsText(folderFiles, projectDir, undefined, MAX_HASHED_FOLDER_FILE_BYTES, read),
  );
}

/**
 * The project files a variable's value runs or names itself, not those of a folder it names
 * (`BASH_ENV=./setup.sh`: `setup.sh`) — except the entries of a `PATH` folder (`PATH=./bin`:
 * `bin/prettier`), every one of them, which a hook or command finds by name: what every `bash`
 * call and hook loads whatever its command, checked again before each (approved-files.ts), so
 * that a program the model rewrites under `acceptEdits` does not run in your `prettier` hook
 * unasked. `list` reads a folder's entries (path-folder-entries.ts: again only when it changed).
 */
export function envLoadedFiles(
  name: string,
  value: string,
  projectDir: string,
  views?: ContentViews,
  list: (folder: string) => string[] = folderEntries,
): string[] {
  // The value's project paths, resolved once for both uses: a check runs before every call.
  const named = projectPaths(name, value, projectDir);
  const { files } = filesOfValue(name, value, projectDir, views, false, named);
  if (name !== "PATH") return files;
  const seen = new Set(files);
  const programs = named
    .filter((folder) => isDirectory(folder))
    // Not capped: an entry added past the cap during the session is a change too.
    .flatMap((folder) => list(folder));
  return [...files, ...programs.filter((file) => !seen.has(file))];
}

/**
 * The `PATH` folder of the project (as the consent screen names it) with more entries than can be
 * verified before each call, if the value names one: such a value is not offered for approval.
 */
export function envFolderTooLarge(name: string, value: string, projectDir: string): string | undefined {
  if (name !== "PATH") return undefined;
  const root = realPathOf(projectDir) ?? projectDir;
  const large = projectPaths(name, value, projectDir).find(
    (folder) => isDirectory(folder) && folderEntries(folder).length > MAX_PATH_FOLDER_ENTRIES,
  );
  return large === undefined ? undefined : path.relative(root, large) || ".";
}

/**
 * What envGrant covers: the names it shows, the files it hashes (with the view each counts in,
 * into `views`: content-view.ts in @codebot/hooks), and the files of folders it names (read only
 * when `withFolders`: not before each call). `named`: the value's project paths (projectPaths),
 * when the caller resolved them already.
 */
function filesOfValue(
  name: string,
  value: string,
  projectDir: string,
  views?: ContentViews,
  withFolders = true,
  named = projectPaths(name, value, projectDir),
) {
  const files = scriptsRun(name, value, projectDir, views);
  const names = files.map((file) => path.relative(projectDir, file));
  const covered = new Set(files);
  const inFolders: string[] = [];
  const root = realPathOf(projectDir) ?? projectDir;
  for (const part of named) {
    const folder = isDirectory(part);
    const shown = `${path.relative(root, part) || "."}${folder ? "/*" : ""}`;
    if (!names.includes(shown)) names.push(shown);
    // A file the value names is loaded whole, whatever else reads it as a git configuration.
    if (!folder && views !== undefined) noteView(views, part, "bytes");
    const cap = name === "PATH" ? MAX_PATH_FOLDER_ENTRIES : MAX_FOLDER_FILES;
    const inFolder = folder ? (withFolders ? folderFiles(part, cap) : []) : [part];
    for (const file of inFolder)
      if (!covered.has(file)) {
        covered.add(file);
        (folder ? inFolders : files).push(file);
      }
  }
  return { names, files, folderFiles: inFolders };
}

/**
 * What a variable's value runs: every project file a loading variable names (`BASH_ENV`,
 * `NODE_OPTIONS`…), the value read as a command (`GIT_SSH_COMMAND=./ssh.sh`) — but not a file
 * only named as an argument of an unknown program: a value like `hello from notes.md` is text —
 * and what the `git -c` options git's configuration variables stand for run
 * (`GIT_CONFIG_PARAMETERS="'core.fsmonitor'='./x.sh'"`).
 */
function scriptsRun(name: string, value: string, projectDir: string, views?: ContentViews): string[] {
  if (isLoadingVariable(name)) return envScripts(name, value, projectDir, views);
  const gitConfig = gitConfigCommand(name, value);
  const files = [
    ...filesRunBy(value, projectDir, views),
    ...(gitConfig === undefined ? [] : filesRunBy(gitConfig, projectDir, views)),
  ];
  return files.filter((file, i) => files.indexOf(file) === i);
}

/**
 * The project files and folders the value, or a `:` part of it, names (symlinks resolved). An
 * empty part of `PATH` is the directory a command runs in: the project.
 */
function projectPaths(name: string, value: string, projectDir: string): string[] {
  const root = realPathOf(projectDir);
  const found: string[] = [];
  for (const part of value.split(":")) {
    if (part === "" && name !== "PATH") continue;
    const real = realPathOf(path.resolve(projectDir, part === "" ? "." : part));
    if (root === undefined || real === undefined || found.includes(real)) continue;
    if (isWithin(real, root)) found.push(real);
  }
  return found;
}
