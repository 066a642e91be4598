/**
 * git configuration given through the environment (git-config(1), ENVIRONMENT), read as the `git
 * -c` options it stands for (nested-commands.ts, gitCommandLines): `GIT_CONFIG_PARAMETERS=
 * "'core.fsmonitor'='./x.sh'"` is `git -c core.fsmonitor=./x.sh` for every git the environment
 * reaches, and so is `GIT_CONFIG_KEY_0=core.hooksPath GIT_CONFIG_VALUE_0=.githooks`.
 */

import { shellQuote } from "./shell-quote.js";
import { simpleCommands } from "./shell-words.js";

const VALUE_VARIABLE = /^GIT_CONFIG_VALUE_\d+$/;

/**
 * The `git -c …` command line a variable's value amounts to, or undefined for other variables.
 * `GIT_CONFIG_PARAMETERS` holds shell-quoted `'key'='value'` (or `'key=value'`) words. A
 * `GIT_CONFIG_VALUE_<n>` is read apart from its `GIT_CONFIG_KEY_<n>`, failing closed: as the value
 * of `core.hooksPath`, which counts it both as a command line git runs and as a hooks directory.
 */
export function gitConfigCommand(name: string, value: string): string | undefined {
  if (name === "GIT_CONFIG_PARAMETERS") {
    const pairs = simpleCommands(value, "/").flatMap((command) => command.words.map((word) => word.text));
    return pairs.length === 0 ? undefined : `git ${pairs.map((pair) => `-c ${shellQuote(pair)}`).join(" ")}`;
  }
  if (VALUE_VARIABLE.test(name)) return `git -c ${shellQuote(`core.hooksPath=${value}`)}`;
  return undefined;
}
