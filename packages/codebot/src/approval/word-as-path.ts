import path from "node:path";
import { expandHome } from "../paths/home-path.js";

/** Past this many, a word's brace expansions are not all looked at (`{a,b}{c,d}…` doubles each time). */
const MAX_EXPANSIONS = 64;

/** `$PWD`, `${PWD}`: the shell's directory (bash-named-files.ts writes `$(pwd)` so too). */
const WORKING_DIR = /\$\{PWD\}|\$PWD\b/g;
const HOME_DIR = /\$\{HOME\}|\$HOME\b/g;
/** The shell's own directory seen through /proc (`/proc/self/cwd/.env`). */
const PROC_CWD = /^\/proc\/(?:self|thread-self)\/cwd(?=\/|$)/;

/**
 * The absolute paths a bash word may name, run from `place` (the shell's directory): `~/`, `~+/`
 * (bash's `$PWD`), `$PWD`, `$HOME`, `/proc/self/cwd/` read as bash reads them, and each
 * brace expansion (`.{e,}nv` is `.env` and `.nv`). A relative word is joined to `place`, not
 * resolved: the system reads `link/../x` past the link. For a `Read` or `Edit` rule on the files a
 * bash line names (bash-named-files.ts): what the shell would open, as far as the text tells.
 */
export function wordAsPaths(word: string, place: string, home: string): string[] {
  const spelled = word
    .replace(WORKING_DIR, () => place)
    .replace(HOME_DIR, () => home)
    .replace(/^~\+(?=\/|$)/, () => place);
  // `/proc/self/../self/cwd` is /proc/self/cwd: /proc holds no links before it to follow.
  const proc = spelled.startsWith("/proc/") ? path.posix.normalize(spelled) : spelled;
  return braceExpansions(proc.replace(PROC_CWD, () => place)).map((one) => {
    const named = expandHome(one, home);
    return path.isAbsolute(named) ? named : `${place}${path.sep}${named}`;
  });
}

/** `a{b,c}d` as `abd` and `acd`, the first group first; a word with no `{…,…}` is itself. */
function braceExpansions(word: string): string[] {
  const out: string[] = [];
  const pending = [word];
  while (pending.length > 0 && out.length < MAX_EXPANSIONS) {
    const current = pending.shift() as string;
    const group = /\{([^{}]*,[^{}]*)\}/.exec(current);
    if (group === null) {
      out.push(current);
      continue;
    }
    const before = current.slice(0, group.index);
    const after = current.slice(group.index + group[0].length);
    for (const choice of (group[1] as string).split(",")) pending.push(`${before}${choice}${after}`);
  }
  return out;
}
