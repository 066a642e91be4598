import { matchesCommand, type PermissionRule } from "./permission-rule.js";
import { splitWords, unquote } from "./shell-words.js";

/**
 * Whether a deny or ask rule (or a hook's `if`) matches `command` once options are skipped
 * between the rule's words: `Bash(git push:*)` must catch `git -C . push`, `git --no-pager push`
 * and `git -c core.x=y push`, `Bash(rm -rf:*)` must catch `rm -v -rf x`. The rule's first word
 * is the program and still matches as written. Before each later word of the rule, the command
 * may have options (a word starting with `-`, not `-` or `--`); whether one takes a value cannot
 * be known, so both readings count — the option alone skipped, and the option with the word after
 * it. The rule matches when any reading does (fail closed). A word that is not an option and not
 * taken as an option's value is never skipped, so `git log --grep push` is no `git push`.
 * Allow rules never use this: a stricter allow would let more through.
 */
export function matchesPastOptions(rule: PermissionRule, command: string): boolean {
  const named = ruleWords(rule);
  if (named.length < 2) return false;
  const words = splitWords(command);
  if (words[0] !== named[0]) return false;
  const lasts = lastWordPositions(named, words);
  if (lasts.length > MAX_READINGS) return true;
  return lasts.some((last) => matchesCommand(rule, [...named, ...words.slice(last + 1)].join(" ")));
}

/**
 * Each reading is matched on its own, so a line repeating the rule's last word as an option
 * (`rm -rf -rf -rf …` under `Bash(rm -rf * zz)`) would cost time quadratic in its length: past
 * this many readings the rule matches unread (fail closed).
 */
const MAX_READINGS = 64;

/**
 * The words a bash rule names before anything a `*` could stand for: all of a prefix or exact
 * rule, the words of a wildcard before the first one holding `*` or a backslash.
 */
export function ruleWords(rule: PermissionRule): string[] {
  const pattern = rule.bash;
  if (pattern === undefined) return [];
  if (pattern.kind === "prefix") return splitWords(pattern.prefix);
  if (pattern.kind === "exact") return splitWords(pattern.command);
  const words = splitWords(pattern.source);
  const glob = words.findIndex((w) => /[*\\]/.test(w));
  return glob === -1 ? words : words.slice(0, glob);
}

/** Where in `words` the last of `named` can stand, each later named word reached past options only. */
function lastWordPositions(named: readonly string[], words: readonly string[]): number[] {
  let found = [0];
  for (const word of named.slice(1)) {
    const next = new Set<number>();
    const visited = new Set<number>();
    const queue = found.map((at) => at + 1);
    while (queue.length > 0) {
      const at = queue.pop() as number;
      if (at >= words.length || visited.has(at)) continue;
      visited.add(at);
      const candidate = words[at] as string;
      if (candidate === word) next.add(at);
      // The option alone, or the option and its value.
      if (isOption(candidate)) queue.push(at + 1, at + 2);
    }
    if (next.size === 0) return [];
    found = [...next];
  }
  return found;
}

/** `-x`, `-xyz`, `--name`, `--name=value`; `-` (standard input) and `--` (the end of options) are not. */
export function isOption(word: string): boolean {
  const text = unquote(word);
  return text.startsWith("-") && text !== "-" && text !== "--";
}
