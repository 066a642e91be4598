import { isOption, ruleWords } from "./options-between-words.js";
import type { PermissionRule } from "./permission-rule.js";
import { splitWords, unquote } from "./shell-words.js";

/**
 * Whether a deny or ask rule that names flags (`Bash(rm -rf:*)`, `Bash(git push --force *)`)
 * matches `command` with those flags written another way: bundled otherwise or apart (`rm -fr x`,
 * `rm -r -f x`), after the operands (`rm x -rf`: GNU programs read options anywhere before `--`),
 * by another name the program gives the same flag (`rm -Rf`, `rm --recursive --force`, `git push
 * origin --force` and a `+refspec` for `-f`), or abbreviated (`rm --rec --f`, `git reset --har`).
 * The rule's flags must all be among the command's, and its other words found in order past
 * options (options-between-words.ts' reading). Only rules that end in "anything" (`:*`, a
 * trailing ` *`) are read so; an exact rule keeps its order. A word `-abc` is read as the flags
 * `-a -b -c` even where it is one option with a value (`-n5`): extra flags only ever make a deny
 * match (fail closed). Allow rules never use this.
 */
export function matchesFlagsInAnyOrder(rule: PermissionRule, command: string): boolean {
  if (!endsInAnything(rule)) return false;
  const named = ruleWords(rule);
  const program = named[0];
  const wanted = named.slice(1).filter(isOption);
  if (program === undefined || wanted.length === 0) return false;
  const words = splitWords(command);
  if (words[0] !== program) return false;
  const name = unquote(program).slice(unquote(program).lastIndexOf("/") + 1);
  const ending = words.findIndex((w) => unquote(w) === "--");
  const wantedFlags = flagsOf(name, wanted);
  const given = flagsOf(name, (ending === -1 ? words : words.slice(0, ending)).slice(1).filter(isOption), [
    ...wanted.map(unquote),
    ...Object.keys(SAME_FLAG[name] ?? {}),
  ]);
  // `git push origin +main` force-pushes main as `--force` would.
  if (
    name === "git" &&
    words.some((w) => unquote(w) === "push") &&
    words.some((w) => unquote(w).startsWith("+"))
  )
    given.add("-f");
  if (![...wantedFlags].every((flag) => given.has(flag))) return false;
  const operands = named.slice(1).filter((w) => !isOption(w));
  return inOrderPastOptions(operands, words.slice(1));
}

/** Flags one program spells two ways: each name is read as the first. */
const SAME_FLAG: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  rm: { "-R": "-r", "--recursive": "-r", "--force": "-f" },
  git: { "--force": "-f" },
};

/**
 * `-rf` → `-r -f`; `--name=value` → itself and `--name`; each under the program's own spelling.
 * `longNames`: the long options a command's abbreviation may stand for (`--rec` is `--recursive`,
 * `--har` is `--hard`: getopt_long takes any unambiguous prefix; ambiguity is not judged here,
 * failing closed).
 */
function flagsOf(program: string, words: readonly string[], longNames: readonly string[] = []): Set<string> {
  const same = SAME_FLAG[program] ?? {};
  const flags = new Set<string>();
  const add = (flag: string) => flags.add(same[flag] ?? flag);
  for (const raw of words) {
    const word = unquote(raw);
    if (word.startsWith("--")) {
      const name = word.includes("=") ? word.slice(0, word.indexOf("=")) : word;
      add(word);
      add(name);
      if (name.length > 2) for (const long of longNames) if (long.startsWith(name)) add(long);
    } else for (const letter of word.slice(1)) add(`-${letter}`);
  }
  return flags;
}

/** `Bash(x:*)`, or a wildcard whose only `*` is a last word of its own (`Bash(rm -rf *)`). */
function endsInAnything(rule: PermissionRule): boolean {
  const pattern = rule.bash;
  if (pattern?.kind === "prefix") return true;
  if (pattern?.kind !== "wildcard") return false;
  const stars = pattern.source.split("*").length - 1;
  return stars === 1 && pattern.source.endsWith(" *") && !pattern.source.includes("\\");
}

/**
 * The rule's other words appear in order in `words`, each reached past options and their values:
 * every word before it (from the last one found) is an option or directly follows one. One pass.
 */
function inOrderPastOptions(operands: readonly string[], words: readonly string[]): boolean {
  let at = 0;
  for (const operand of operands) {
    let k = at;
    for (; k < words.length && words[k] !== operand; k++)
      if (!isOption(words[k] as string) && !(k > at && isOption(words[k - 1] as string))) return false;
    if (k === words.length) return false;
    at = k + 1;
  }
  return true;
}
