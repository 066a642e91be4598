/**
 * The project scripts a command hook runs (§8): those its command names (script-references.ts)
 * and those its entry's `env` makes the interpreter load — `NODE_OPTIONS: "--require ./x.js"`,
 * `BASH_ENV`, `PYTHONSTARTUP`, `LD_PRELOAD`. Every env value is read as a command would be; in the
 * variables that load code (loading-variables.ts), every project file a value names counts.
 */
import path from "node:path";
import type { ContentViews } from "./content-view.js";
import { commandLine } from "./exec-form.js";
import type { HookSpec } from "./executor.js";
import { gitConfigCommand } from "./git-config-env.js";
import { gitExecPrograms } from "./git-exec-path.js";
import { isLoadingVariable } from "./loading-variables.js";
import { isWithin } from "./path-within.js";
import { referencedScripts } from "./script-references.js";
import { shellQuote } from "./shell-quote.js";

/**
 * Absolute paths inside `projectDir`, in order, without repeats; none for other hook types. The
 * view an approval reads each in goes into `views` when given (content-view.ts).
 */
export function hookScripts(
  spec: HookSpec,
  projectDir: string,
  env: Readonly<Record<string, string>> = {},
  views?: ContentViews,
): string[] {
  if (spec.type !== "command") return [];
  const files = referencedScripts(withSearchPath(commandLine(spec), env, projectDir), projectDir, views);
  for (const [name, value] of Object.entries(env)) {
    for (const file of envScripts(name, value, projectDir, views))
      if (!files.includes(file)) files.push(file);
  }
  return files;
}

/**
 * A hook's command as it is read for the files it runs: after the PATH it runs with — its entry's,
 * else the one codebot runs with — since a program named bare is found there, and a relative
 * folder in it (`./node_modules/.bin`, which some put in their shell's PATH) is the project's: then
 * `prettier` runs the repository's node_modules/.bin/prettier. Only the folders that may be the
 * project's are kept (relative ones, and those inside `projectDir`): the others cannot make a name
 * one of its programs, and reading through every folder of a PATH at each hook run cost ≈ 1 ms a
 * hooked call (bench/RESULTS.md, session 32). Failing closed: a project folder kept behind a
 * system one that has the program (`/usr/bin:./bin`) holds a hook that would not run it.
 */
export function withSearchPath(
  command: string,
  env: Readonly<Record<string, string>> = {},
  projectDir?: string,
): string {
  const searchPath = env.PATH ?? process.env.PATH;
  if (searchPath === undefined) return command;
  const mayBeProject = projectSearchPath(searchPath, projectDir);
  return mayBeProject === "" ? command : `PATH=${shellQuote(mayBeProject)}\n${command}`;
}

/** The last PATH read and its folders that may be the project's: the same PATH comes at every hook run. */
let lastSearchPath: { searchPath: string; projectDir: string | undefined; kept: string } | undefined;

/** `searchPath`'s folders that may be the project's, joined; "" when none may be. */
function projectSearchPath(searchPath: string, projectDir: string | undefined): string {
  if (lastSearchPath?.searchPath === searchPath && lastSearchPath.projectDir === projectDir)
    return lastSearchPath.kept;
  const folders = searchPath
    .split(":")
    .filter(
      (folder) => !path.isAbsolute(folder) || (projectDir !== undefined && isWithin(folder, projectDir)),
    );
  // An empty entry is the current folder: kept as one (`:` alone would read as none).
  const kept = folders.map((folder) => (folder === "" ? "." : folder)).join(":");
  lastSearchPath = { searchPath, projectDir, kept };
  return kept;
}

/**
 * The project scripts one environment variable runs: its value read as a command, for a
 * variable that loads code every project file the value names, for git's configuration
 * variables what the `git -c` options they stand for run (git-config-env.ts), and for
 * `GIT_EXEC_PATH` the `git-*` programs of its folder (git-exec-path.ts). The settings' own
 * `env` grants are tied to them too (codebot's env-grant.ts).
 */
export function envScripts(name: string, value: string, projectDir: string, views?: ContentViews): string[] {
  // `NAME='value'` as a command: the assignment of a loading variable counts what it names.
  const gitConfig = gitConfigCommand(name, value);
  const named = [
    ...referencedScripts(value, projectDir, views),
    ...(isLoadingVariable(name) ? referencedScripts(`${name}=${shellQuote(value)}`, projectDir, views) : []),
    ...(gitConfig === undefined ? [] : referencedScripts(gitConfig, projectDir, views)),
    ...(name === "GIT_EXEC_PATH" ? gitExecPrograms(value, [projectDir], projectDir) : []),
  ];
  return named.filter((file, i) => named.indexOf(file) === i);
}
