import type { PathPolicy } from "../paths/path-policy.js";
import { filesNamedBy } from "./bash-named-files.js";
import { shellCommands } from "./shell-commands.js";
import { wordExpands } from "./shell-expansion.js";
import { splitWords } from "./shell-words.js";

/**
 * Why a bash line needs a person's yes under `--restricted` however the rules, mode or hooks
 * answer, if it does — claude 2.1.328's checks there (recorded with `--restricted --tools Bash
 * --allowedTools Bash`): a line with a variable or substitution ("A variable in this command
 * can't be checked before it runs": `echo $HOME` was refused), or one naming a path outside the
 * working folders (`rm -f /tmp/x` needed approval, `cat /dev/null` was blocked).
 */
export function restrictedShellConcern(command: string, cwd: string, paths: PathPolicy): string | undefined {
  const found = shellCommands(command);
  if (found.substitutes || found.commands.some((c) => splitWords(c.text).some(wordExpands)))
    return "line has a variable or substitution that cannot be checked before it runs";
  const outside = filesNamedBy(command, cwd).find((file) => !paths.resolve("bash", file).ok);
  if (outside !== undefined) return `line names ${outside}, outside the working folders`;
  return undefined;
}
