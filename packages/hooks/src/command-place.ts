/**
 * Where a hook command may be as script-references.ts reads it word by word (the folders a `cd`
 * may have reached, a `PATH` set before, the copies of project files made so far, the variables
 * set), and the project's files and folders a word names from there.
 */
import type fs from "node:fs";
import path from "node:path";
import type { Variables } from "./assigned-variables.js";
import type { Copy } from "./copied-files.js";
import { isWithin } from "./path-within.js";
import { statPath } from "./recorded-reads.js";
import { type ShellWord, UNKNOWN_PART } from "./shell-words.js";

/** Where the command may be when it reaches a word: each directory a `cd` before it may have reached. */
export interface Place {
  dirs: string[];
  /** A `cd` went somewhere codebot cannot tell (`cd "$X"`, `cd`, `cd -`, too many places). */
  unknown: boolean;
  /** A `PATH` set for the commands after it (`export PATH=bin:$PATH;`), as written: its relative folders are where a program runs. */
  path?: string;
  /**
   * The project files a `cp`, `ln`, `install` or `mv` before copied, linked or moved, by the absolute
   * path of each name the copy may have (one holding an unknown part, `"$T/y"`, by its text): running
   * a copy runs them (copied-files.ts). Shared by the command lines a command runs, as files are.
   */
  copies?: Map<string, ProjectFile[]>;
  /** Folders of the project (or copies of them) copied whole (`cp -r bin /tmp/b`), by each name the copy may have, as copies are. */
  folderCopies?: Map<string, string[]>;
  /**
   * The values a variable set in the command may hold (`f=./n`, `export F=n`, `for f in a b`), as
   * written, by name: a word using it may name what they name (assigned-variables.ts). Shared as copies are.
   */
  variables?: Variables;
  /**
   * The words given to a program codebot cannot read (`~/bin/copy n /tmp/y`, a script's arguments,
   * an interpreter's inline code): it may write a copy of a project file under any name they hold,
   * so running such a name runs what codebot cannot name. Shared as copies are.
   */
  opaqueWords?: Set<string>;
}

/**
 * In Place.opaqueWords: a project file went where it may be written under a name codebot cannot
 * know — given to a program codebot cannot read (`~/bin/stage n`, which may write `/tmp/staged.sh`
 * of its own accord), or copied to a name worked out as the command runs (`cp n
 * /tmp/y-$(date +%s)`) — so any file it runs by a path it could have written may be that copy
 * (invented-names.ts). Not a word any command holds; followed by the program that was given the
 * file, whose own word it does not hold (`~/bin/lint README.md` alone runs as before).
 */
export const INVENTED_NAME = `${UNKNOWN_PART}invented`;

/** A regular file inside the project, and whether it may be run as a program. */
export interface ProjectFile {
  file: string;
  executable: boolean;
}

/** More directories than this a command may be in: it is treated as unknown, and no more are added. */
const MAX_DIRECTORIES = 16;
/** Notes where a copy of a project file lands (Place.copies), for a later word running it. */
export function noteCopies(copy: Copy, root: string, place: Place): void {
  const copied = copy.sources.flatMap((source) => projectFiles(source, root, place));
  const folders = copy.sources.flatMap((source) => projectFolders(source, root, place));
  if ((copied.length === 0 && folders.length === 0) || place.copies === undefined) return;
  if (copy.destinations.some((destination) => destination.includes(UNKNOWN_PART)))
    place.opaqueWords?.add(INVENTED_NAME);
  for (const destination of copy.destinations) {
    if (destination.startsWith("~")) continue;
    const keys = destination.includes(UNKNOWN_PART)
      ? [destination]
      : place.dirs.map((dir) => path.resolve(dir, destination));
    for (const key of keys) {
      const files = place.copies.get(key) ?? [];
      for (const one of copied) if (!files.some((f) => f.file === one.file)) files.push(one);
      if (files.length > 0) place.copies.set(key, files);
      if (folders.length === 0 || place.folderCopies === undefined) continue;
      const held = place.folderCopies.get(key) ?? [];
      for (const folder of folders) if (!held.includes(folder)) held.push(folder);
      place.folderCopies.set(key, held);
    }
  }
}

/**
 * The folders of the project (the project itself too) that `text` names from where the command
 * may be, and those a copy of one it names was made of (`cp -r bin /tmp/b; cp -r /tmp/b /tmp/c`).
 */
export function projectFolders(text: string, root: string, place: Place): string[] {
  if (text === "" || text.startsWith("~")) return [];
  const candidates = text.includes(UNKNOWN_PART)
    ? [text]
    : path.isAbsolute(text)
      ? [path.resolve(text)]
      : place.dirs.map((d) => path.resolve(d, text));
  return candidates.flatMap((folder) => {
    const copied = copiedFolders(folder, place);
    const own = (folder === root || inside(folder, root)) && statOf(folder)?.isDirectory() === true;
    return own ? [...copied, folder] : copied;
  });
}

/** The project folders whose copy `name` (absolute, or a text with an unknown part) is or lies in. */
export function copiedFolders(name: string, place: Place): string[] {
  const folders: string[] = [];
  for (const [key, sources] of place.folderCopies ?? [])
    if (name === key || name.startsWith(`${key}/`))
      for (const source of sources) folders.push(path.join(source, name.slice(key.length)));
  return folders;
}

/**
 * `cd dir`, `pushd dir`: later words may be relative to `dir` as well (the `cd` may fail or be
 * conditional). Past MAX_DIRECTORIES places the command is somewhere unknown, and no more are added.
 */
export function changeDirectory(args: ShellWord[], place: Place): void {
  const target = args.find((w) => w.redirect === undefined && !/^-[LPe@]+$/.test(w.text));
  if (target === undefined || target.dynamic || target.text === "-" || target.text.startsWith("~")) {
    place.unknown = true;
    return;
  }
  const dirs = [...new Set([...place.dirs, ...place.dirs.map((dir) => path.resolve(dir, target.text))])];
  if (dirs.length > MAX_DIRECTORIES) place.unknown = true;
  else place.dirs = dirs;
}

/**
 * The regular files inside the project that `text` names from any directory the command may be in,
 * and those a copy it names was made of (Place.copies).
 */
export function projectFiles(text: string, root: string, place: Place): ProjectFile[] {
  if (text === "" || text.startsWith("~")) return [];
  if (text.includes(UNKNOWN_PART))
    return [...(place.copies?.get(text) ?? []), ...inCopiedFolders(text, root, place)];
  const candidates = path.isAbsolute(text)
    ? [path.resolve(text)]
    : place.dirs.map((d) => path.resolve(d, text));
  return candidates.flatMap((file) => {
    // The copy may have failed: the file that was there counts too.
    const copied = [...(place.copies?.get(file) ?? []), ...inCopiedFolders(file, root, place)];
    if (!inside(file, root)) return copied;
    const stat = statOf(file);
    return stat?.isFile() ? [...copied, { file, executable: (stat.mode & 0o111) !== 0 }] : copied;
  });
}

/** The project files `name` is a copy of as it lies in a copied folder (`/tmp/b/fmt` after `cp -r bin /tmp/b`). */
export function inCopiedFolders(name: string, root: string, place: Place): ProjectFile[] {
  return copiedFolders(name, place).flatMap((file) => {
    const stat = inside(file, root) ? statOf(file) : undefined;
    return stat?.isFile() ? [{ file, executable: (stat.mode & 0o111) !== 0 }] : [];
  });
}

/** Any error looking a word up (too long a name, a file in the middle of the path) means no file. */
export function statOf(file: string): fs.Stats | undefined {
  try {
    return statPath(file);
  } catch {
    return undefined;
  }
}

/** Below `root`, not `root` itself: a file of the project. */
export function inside(file: string, root: string): boolean {
  return path.relative(root, file) !== "" && isWithin(file, root);
}
