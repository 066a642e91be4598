import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { capForModel, type HookRunner } from "@codebot/hooks";
import { visible } from "../approval/visible-text.js";
import { errorInWords } from "../fs/error-in-words.js";
import type { PathPolicy } from "../paths/path-policy.js";

/**
 * The terminal's `/add-dir <folder>` (Claude Code's): one more folder the file tools may reach, for
 * the rest of the session, as `--add-dir` gives one at the start. `~/` is your home, a relative
 * folder is the project's, links are followed. DirectoryAdded fires for it (`source`
 * `slash_command`), as claude 2.1.328's does after its `/add-dir` — and, as there, never for
 * `--add-dir` or the settings' `additionalDirectories`. Returns the folder added (its real path);
 * throws a one-line error when there is nothing to add. Paths are shown
 * with control characters written out: a folder's name (a cloned repository's link) is not
 * the terminal's to interpret, nor a newline pasted into the path to break the line.
 */
export function addDirectory(
  input: string,
  cwd: string,
  paths: PathPolicy,
  hooks: HookRunner,
  /** Text for the model's next request (BackgroundSaid). */
  tellModel: (text: string) => void,
): string {
  const real = folderToAdd(input, cwd, paths);
  paths.addFolder(real);
  // Claude Code groups' systemMessages are for the model too, as claude 2.1.328 gives them
  // (`DirectoryAdded hook: <message>`); claude starts a turn with them, codebot sends them with the next one.
  void hooks.fire("DirectoryAdded", { directory: real, source: "slash_command" }).then((decision) => {
    if (decision.kind === "stop" || !decision.systemMessages) return;
    // Capped as any hook text for the model: a hook's megabyte would go with every later request.
    tellModel(
      capForModel(decision.systemMessages.map((message) => `DirectoryAdded hook: ${message}`).join("\n")),
    );
  });
  return real;
}

/** The folder `/add-dir <input>` would add (its real path), or the one-line error saying why there is none. */
export function folderToAdd(input: string, cwd: string, paths: PathPolicy): string {
  const given = input.trim();
  if (given === "") throw new Error("/add-dir needs a folder: /add-dir <path>");
  const abs =
    given === "~" || given.startsWith("~/")
      ? path.join(os.homedir(), given.slice(1))
      : path.resolve(cwd, given);
  const shown = shortened(visible(given));
  let real: string;
  let folder: boolean;
  try {
    real = fs.realpathSync(abs);
    folder = fs.statSync(real).isDirectory();
  } catch (error) {
    throw new Error(`/add-dir: ${shown} ${unreachable(error)}`);
  }
  if (!folder) throw new Error(`/add-dir: ${shown} is not a folder`);
  if (paths.reaches(real)) throw new Error(`/add-dir: the file tools reach ${visible(real)} already`);
  return real;
}

/** Why a path cannot be added, in words: "does not exist" only when that is the reason. */
function unreachable(error: unknown): string {
  switch ((error as NodeJS.ErrnoException).code) {
    case "ENOENT":
    case "ENOTDIR":
      return "does not exist";
    case "ENAMETOOLONG":
      return "is not a path: too long";
    default:
      return `cannot be reached: ${errorInWords(error) ?? (error as Error).message}`;
  }
}

/** A path as long as a screen, at most: a pasted wall of text is not echoed whole. */
function shortened(text: string): string {
  return text.length <= 200 ? text : `${text.slice(0, 200)}… (${text.length} characters)`;
}
