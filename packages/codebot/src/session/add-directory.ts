import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { HookRunner } from "@codebot/hooks";
import type { PathPolicy } from "../paths/path-policy.js";

/**
 * The terminal's `/add-dir <folder>` (Claude Code's): one more folder the file tools may reach, for
 * the rest of the session, as `--add-dir` gives one at the start. `~/` is your home, a relative
 * folder is the project's, links are followed. DirectoryAdded fires for it (`source`
 * `slash_command`), as claude 2.1.328's does after its `/add-dir` — and, as there, never for
 * `--add-dir` or the settings' `additionalDirectories`. Returns the folder added (its real path);
 * throws a one-line error when there is nothing to add.
 */
export function addDirectory(
  input: string,
  cwd: string,
  paths: PathPolicy,
  hooks: HookRunner,
  /** Text for the model's next request (BackgroundSaid). */
  tellModel: (text: string) => void,
): string {
  const given = input.trim();
  if (given === "") throw new Error("/add-dir needs a folder: /add-dir <path>");
  const abs =
    given === "~" || given.startsWith("~/")
      ? path.join(os.homedir(), given.slice(1))
      : path.resolve(cwd, given);
  let real: string;
  try {
    real = fs.realpathSync(abs);
  } catch {
    throw new Error(`/add-dir: ${given} does not exist`);
  }
  if (!fs.statSync(real).isDirectory()) throw new Error(`/add-dir: ${given} is not a folder`);
  if (paths.reaches(real)) throw new Error(`/add-dir: the file tools reach ${real} already`);
  paths.addFolder(real);
  // Claude Code groups' systemMessages are for the model too, as claude 2.1.328 gives them
  // (`DirectoryAdded hook: <message>`); claude starts a turn with them, codebot sends them with the next one.
  void hooks.fire("DirectoryAdded", { directory: real, source: "slash_command" }).then((decision) => {
    if (decision.kind === "stop" || !decision.systemMessages) return;
    tellModel(decision.systemMessages.map((message) => `DirectoryAdded hook: ${message}`).join("\n"));
  });
  return real;
}
