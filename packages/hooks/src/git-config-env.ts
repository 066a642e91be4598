/**
 * git configuration given through the environment (git-config(1), ENVIRONMENT), read as the `git
 * -c` options it stands for (nested-commands.ts, gitCommandLines): `GIT_CONFIG_PARAMETERS=
 * "'core.fsmonitor'='./x.sh'"` is `git -c core.fsmonitor=./x.sh` for every git the environment
 * reaches, and so is `GIT_CONFIG_KEY_0=core.hooksPath GIT_CONFIG_VALUE_0=.githooks`.
 */

import { shellQuote } from "./shell-quote.js";
import { simpleCommands } from "./shell-words.js";

const VALUE_VARIABLE = /^GIT_CONFIG_VALUE_\d+$/;
/** Variables naming a configuration file git reads, as `include.path` would. */
const CONFIG_FILE_VARIABLES = new Set(["GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM", "GIT_CONFIG"]);

/**
 * The `git -c …` command line a variable's value amounts to, or undefined for other variables.
 * `GIT_CONFIG_PARAMETERS` holds shell-quoted `'key'='value'` (or `'key=value'`) words. A
 * `GIT_CONFIG_VALUE_<n>` is read apart from its `GIT_CONFIG_KEY_<n>`, failing closed: as the value
 * of `core.hooksPath` (a command line git runs and a hooks directory), `include.path` and
 * `init.templateDir`. `GIT_CONFIG_GLOBAL`/`GIT_CONFIG_SYSTEM` (and `GIT_CONFIG`) name a file git
 * reads, as `include.path` does; `GIT_TEMPLATE_DIR` is `init.templateDir`.
 */
export function gitConfigCommand(name: string, value: string): string | undefined {
  if (name === "GIT_CONFIG_PARAMETERS")
    return gitOptions(
      simpleCommands(value, "/").flatMap((command) => command.words.map((word) => word.text)),
    );
  if (VALUE_VARIABLE.test(name))
    return gitOptions(["core.hooksPath", "include.path", "init.templateDir"].map((key) => `${key}=${value}`));
  if (CONFIG_FILE_VARIABLES.has(name)) return gitOptions([`include.path=${value}`]);
  if (name === "GIT_TEMPLATE_DIR") return gitOptions([`init.templateDir=${value}`]);
  return undefined;
}

/** `git -c 'key=value' …` for `key=value` pairs, or undefined for none. */
export function gitOptions(pairs: readonly string[]): string | undefined {
  return pairs.length === 0 ? undefined : `git ${pairs.map((pair) => `-c ${shellQuote(pair)}`).join(" ")}`;
}
