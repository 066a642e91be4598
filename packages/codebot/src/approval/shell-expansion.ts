import { opensQuote, quotedEnd } from "./shell-words.js";

/** `$(…)`, `$((…))`, `${…}`, `$NAME`, `$1`, `$@`…, `$"…"` and backquotes: text bash replaces before the command runs. */
export const EXPANSION = /\$[({[A-Za-z0-9_@*#?$!"-]|`/;

/**
 * Stands in a command's text for words the text does not show — a substitution's output, the
 * arguments xargs reads, the `{}` of find — so that as a command word it is an expansion.
 */
export const UNSEEN_TEXT = "$_";

/**
 * Outside quotes, `{a,b}` and `{1..3}` become several words; `*`, `?` and a `[…]` closed in the
 * same word match file names. A `[` with no `]` after it is literal: `[` and `[[` are the test
 * command, not globs.
 */
const BRACE_OR_GLOB = /\{[^}]*(?:,|\.\.)[^}]*\}|[*?]|\[.*\]/;

/**
 * Whether a word may become other text when bash runs it: an expansion outside single quotes, or
 * a brace expansion or glob outside any quotes. As a command word (`r${X}m`, `$R`, `{rm,x}`,
 * `/bin/r?`) it could name any program, so no rule can tell what it runs.
 */
export function wordExpands(word: string): boolean {
  let bare = "";
  for (let i = 0; i < word.length; i++) {
    const c = word[i] as string;
    if (c === "\\") {
      i++;
      bare += "_";
    } else if (opensQuote(word, i)) {
      const end = quotedEnd(word, i);
      const stop = end === -1 ? word.length : end;
      // Only double quotes expand; `'…'` and `$'…'` are literal.
      if (c === '"' && EXPANSION.test(word.slice(i, stop))) return true;
      bare += "_";
      i = stop - 1;
    } else {
      if (EXPANSION.test(word.slice(i, i + 2))) return true;
      bare += c;
    }
  }
  return BRACE_OR_GLOB.test(bare);
}
