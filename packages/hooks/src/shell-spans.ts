/**
 * The spans of a hook command the lexer (shell-words.ts) steps over whole: a `${…}`, a plain
 * arithmetic `$((…))` or `((…))`, and the body of a here-document. Each is followed as a shell would, quotes included, so that no `}` or
 * quote inside it ends or opens something early and hides the commands after it (§8).
 */

/** Lexes the commands inside `$(…)` or backquotes from `start`; returns the index after their end. */
export type LexInner = (start: number, stop: ")" | "`") => number;

/**
 * The index of the `}` closing the `${` whose `{` is at `open`, past quotes (single and double,
 * where a `}` is text) and nested `${…}`; commands inside it (`${X:-$(cmd)}`) are lexed, as they
 * may run. `undefined` when it is not closed.
 */
export function braceEnd(src: string, open: number, lexInner: LexInner): number | undefined {
  // What encloses the current character: `{` for a `${`, `"` for double quotes.
  const stack: string[] = ["{"];
  let i = open + 1;
  while (i < src.length) {
    const c = src[i] as string;
    const inQuotes = stack[stack.length - 1] === '"';
    if (c === "\\") i += 2;
    else if (c === "$" && src[i + 1] === "(") i = lexInner(i + 2, ")");
    else if (c === "`") i = lexInner(i + 1, "`");
    else if (c === "$" && src[i + 1] === "{") {
      stack.push("{");
      i += 2;
    } else if (c === '"') {
      if (inQuotes) stack.pop();
      else stack.push('"');
      i++;
    } else if (c === "'" && !inQuotes) {
      const close = src.indexOf("'", i + 1);
      if (close === -1) return undefined;
      i = close + 1;
    } else if (c === "}" && !inQuotes) {
      stack.pop();
      if (stack.length === 0) return i;
      i++;
    } else i++;
  }
  return undefined;
}

/**
 * The index after the `))` closing the arithmetic whose `((` starts at `open`, when bash reads it as
 * arithmetic (its parentheses matched, closed by `))`) and it holds nothing that runs or that this
 * check does not follow: no quotes, backslash, backquote, `$(` or `${`. Otherwise `undefined`, and
 * the lexer reads it as before, as commands in a subshell (`$((./x) )` is a command substitution),
 * which fails closed. Its words are variables and numbers, not programs: `$((n + 1))` runs no `n`.
 */
export function arithmeticEnd(src: string, open: number): number | undefined {
  let depth = 0;
  for (let i = open + 2; i < src.length; i++) {
    const c = src[i] as string;
    if ("'\"`\\".includes(c) || (c === "$" && "({".includes(src[i + 1] ?? ""))) return undefined;
    if (c === "(") depth++;
    else if (c === ")") {
      if (depth > 0) depth--;
      else return src[i + 1] === ")" ? i + 2 : undefined;
    }
  }
  return undefined;
}

/** A here-document whose body starts after the next newline. */
export interface Heredoc {
  delimiter: string;
  /** `<<-`: the body's lines (and the delimiter's) may start with tabs. */
  stripTabs: boolean;
  /** The delimiter was quoted: the body is text; otherwise `$(…)` and backquotes in it run. */
  quoted: boolean;
}

/** The delimiter word after `<<` at `at`: its text, whether quoted, and the index after it. */
export function heredocDelimiter(
  src: string,
  at: number,
): { delimiter: string; quoted: boolean; end: number } | undefined {
  let i = at;
  while (src[i] === " " || src[i] === "\t") i++;
  let delimiter = "";
  let quoted = false;
  while (i < src.length && !/[\s;&|<>()]/.test(src[i] as string)) {
    const c = src[i] as string;
    if (c === "'" || c === '"') {
      const close = src.indexOf(c, i + 1);
      if (close === -1) return undefined;
      delimiter += src.slice(i + 1, close);
      quoted = true;
      i = close + 1;
    } else if (c === "\\") {
      delimiter += src[i + 1] ?? "";
      quoted = true;
      i += 2;
    } else {
      delimiter += c;
      i++;
    }
  }
  return delimiter === "" ? undefined : { delimiter, quoted, end: i };
}

/**
 * Steps over the body of `doc`, which starts at `start` (after a newline): returns the index after
 * its delimiter line, or `undefined` when no such line ends it. An unquoted body's `$(…)` and
 * backquotes are lexed, as they run.
 */
export function heredocEnd(src: string, start: number, doc: Heredoc, lexInner: LexInner): number | undefined {
  let line = start;
  while (line < src.length) {
    const newline = src.indexOf("\n", line);
    const end = newline === -1 ? src.length : newline;
    const text = src.slice(line, end);
    if ((doc.stripTabs ? text.replace(/^\t+/, "") : text) === doc.delimiter) return end;
    if (!doc.quoted) {
      let i = line;
      while (i < end) {
        if (src[i] === "\\") i += 2;
        else if (src[i] === "$" && src[i + 1] === "(") i = lexInner(i + 2, ")");
        else if (src[i] === "`") i = lexInner(i + 1, "`");
        else i++;
      }
      // A command substitution may span lines: go on from where it ended.
      if (i > end) {
        line = src.indexOf("\n", i) === -1 ? src.length : src.indexOf("\n", i) + 1;
        continue;
      }
    }
    line = end + 1;
  }
  return undefined;
}
