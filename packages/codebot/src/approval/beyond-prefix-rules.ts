import os from "node:os";
import path from "node:path";
import { type PathPolicy, realPathOfDeepestAncestor } from "../paths/path-policy.js";
import { filesNamedBy } from "./bash-named-files.js";
import { pathOutside } from "./outside-reach.js";
import { isPersonOnlyWrite } from "./person-only-writes.js";
import { shellCommands } from "./shell-commands.js";
import { programName, splitWords, unquote } from "./shell-words.js";
import { withoutTransparentWrappers } from "./transparent-wrappers.js";

/** Builtins that run text as shell code: a file's (`source`, `.`) or their words' (`eval`). */
const EVALUATES_CODE = new Set(["source", ".", "eval"]);

/**
 * Why a prefix or wildcard allow rule (`Bash(mv:*)`, kept to let the model move files about) does
 * not let a bash line run unasked, if it does not: it runs a file or its words as shell code, writes
 * a settings, git or tool-configuration file (`.git/hooks/x`, `.claude/settings.json`: code git or
 * an agent runs later), or writes or reads outside the project and its added folders. claude 2.1.328
 * asks about each of these, or refuses them in `-p`, under its user's own prefix rules (recorded
 * with schoblaska/dotclaude's allow list). The files are those bash-named-files.ts sees; best effort.
 */
export function beyondPrefixRules(
  command: string,
  cwd: string,
  paths: PathPolicy,
  ownHomes: readonly string[],
  home = os.homedir(),
): string | undefined {
  for (const { text } of shellCommands(command).commands) {
    const first = splitWords(withoutTransparentWrappers(text))[0];
    const program = first === undefined ? undefined : programName(unquote(first));
    if (program !== undefined && EVALUATES_CODE.has(program))
      return `'${program}' evaluates its arguments as shell code`;
  }
  const configFile = filesNamedBy(command, cwd, home, true)
    .map((file) => realPathOfDeepestAncestor(path.resolve(file)))
    .find((real) => isPersonOnlyWrite(real, paths.root, ownHomes));
  if (configFile !== undefined)
    return `it writes ${paths.display(configFile)}, a settings, git or tool-configuration file`;
  for (const [verb, writing] of [
    ["writes", true],
    ["reads", false],
  ] as const) {
    const outside = pathOutside(command, cwd, paths, home, writing);
    // `..` worked out, as claude shows it (`proj/../x.txt` is `x.txt` beside the project).
    if (outside !== undefined)
      return `it ${verb} ${path.resolve(outside)}, outside the project and its added folders`;
  }
  return undefined;
}
