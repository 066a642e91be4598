import { programName, splitWords, unquote } from "./shell-words.js";

/**
 * The other ways a deny or ask rule (or a hook's `if`) must recognise one simple command: bash
 * runs `rm`, `'rm'`, `"rm"`, `\rm`, `r''m`, `$'\x72m'` and `/bin/rm` alike, so `Bash(rm:*)` must
 * catch each. Returns the command as written, then with its command word as bash reads it (and,
 * for a path, the program's name alone), each with the other words as written and as bash reads
 * them. Allow rules do not use this: they match the command only as written, so an odd spelling
 * asks (the safe side).
 */
export function commandSpellings(text: string): string[] {
  const words = splitWords(text);
  const first = words[0];
  if (first === undefined) return [text];
  const rest = words.slice(1);
  const unquoted = rest.map(unquote);
  const spellings = [text];
  for (const name of new Set([unquote(first), programName(first)])) {
    spellings.push([name, ...rest].join(" "), [name, ...unquoted].join(" "));
  }
  return [...new Set(spellings)];
}
