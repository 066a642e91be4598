/**
 * Puts the arguments of `/name args` (or of the `skill` tool) into a skill's text, as Claude Code
 * does: `$ARGUMENTS` is the whole text, `$ARGUMENTS[N]` and `$N` the N-th argument counting from
 * 0 (split like a shell line: quotes group words), `\$` keeps a literal `$`. A placeholder whose
 * argument is missing stays as written. Text that uses no placeholder gets the arguments appended
 * as `ARGUMENTS: …`. Values are inserted once, never scanned again; inside a shell command they
 * are shell-quoted (`quote`), so an argument is data there, never code.
 */

const PLACEHOLDER = /\\\$|\$ARGUMENTS\[(\d+)\]|\$ARGUMENTS|\$(\d+)(?!\w)/g;

export interface Filled {
  text: string;
  /** Whether any placeholder took an argument. */
  used: boolean;
}

export function fillArguments(text: string, args: string, quote?: (value: string) => string): Filled {
  const words = splitArguments(args);
  const word = (n: number): string | undefined => words[n];
  const put = quote ?? ((value: string) => value);
  let used = false;
  const out = text.replace(PLACEHOLDER, (match: string, indexed?: string, positional?: string) => {
    if (match === "\\$") return "$";
    if (match === "$ARGUMENTS") {
      used = true;
      return put(args);
    }
    const value = word(Number(indexed ?? positional));
    if (value === undefined) return match;
    used = true;
    return put(value);
  });
  return { text: out, used };
}

/** The arguments as a shell splits them: whitespace separates, quotes group, a backslash escapes. */
export function splitArguments(args: string): string[] {
  const out: string[] = [];
  let current = "";
  let inWord = false;
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < args.length; i++) {
    const ch = args[i] as string;
    if (quote) {
      if (ch === quote) quote = undefined;
      else if (ch === "\\" && quote === '"' && i + 1 < args.length) current += args[++i];
      else current += ch;
      continue;
    }
    if (ch === '"' || ch === "'") {
      quote = ch;
      inWord = true;
    } else if (/\s/.test(ch)) {
      if (inWord) out.push(current);
      current = "";
      inWord = false;
    } else if (ch === "\\" && i + 1 < args.length) {
      current += args[++i];
      inWord = true;
    } else {
      current += ch;
      inWord = true;
    }
  }
  if (inWord) out.push(current);
  return out;
}
