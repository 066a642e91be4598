import { decodeAnsiC } from "./ansi-c-quoting.js";

/**
 * How bash reads the quoting of a command: where a quoted string or a `$(…)` ends, the words of
 * a simple command, and what a word is once its quotes are removed. `'…'` holds everything
 * literally; inside `"…"` a backslash escapes the next character and `$(…)` still runs; inside
 * `$'…'` (ANSI-C quoting) a backslash escapes anything, so `$'\''` is a single quote and does
 * not close the string. The one reading every rule check shares.
 */

/** After a space, tab or newline, `<` or `>` a new word starts; bash splits on no other white space (`\r`, a form feed, a no-break space). */
export const WORD_BREAK = /[ \t\n<>]/;

/** Whether a quoted string opens at `at`: `'`, `"`, or `$'`. */
export function opensQuote(text: string, at: number): boolean {
  const c = text[at];
  return c === "'" || c === '"' || (c === "$" && text[at + 1] === "'");
}

/** Quotes and `$(…)` nested deeper than this inside one another are taken as never closing (fail closed, no stack overflow). */
const MAX_NESTING = 64;

/** The index just past the string quoted at `from` (see opensQuote), or -1 when it never closes. */
export function quotedEnd(text: string, from: number, nesting = 0): number {
  if (nesting > MAX_NESTING) return -1;
  if (text[from] === "'") {
    const end = text.indexOf("'", from + 1);
    return end === -1 ? -1 : end + 1;
  }
  const ansiC = text[from] === "$";
  const close = ansiC ? "'" : '"';
  for (let j = from + (ansiC ? 2 : 1); j < text.length; j++) {
    const c = text[j];
    if (c === "\\") j++;
    else if (c === close) return j + 1;
    else if (!ansiC && c === "$" && text[j + 1] === "(") {
      j = closingParen(text, j + 2, nesting + 1);
      if (j === -1) return -1;
    } else if (!ansiC && c === "`") {
      j = text.indexOf("`", j + 1);
      if (j === -1) return -1;
    }
  }
  return -1;
}

/** The index of the newline that ends the comment starting at `from` (the end of the text if none); bash ends it at `\n` only. */
export function lineEnd(text: string, from: number): number {
  const end = text.indexOf("\n", from);
  return end === -1 ? text.length : end;
}

/** The index of the `)` that closes a `(` opened before `from`, or -1 when none does. */
export function closingParen(text: string, from: number, nesting = 0): number {
  if (nesting > MAX_NESTING) return -1;
  let depth = 1;
  let wordStart = true;
  const hereDocuments: HereDocument[] = [];
  for (let i = from; i < text.length; i++) {
    const c = text[i] as string;
    const atWordStart = wordStart;
    wordStart = WORD_BREAK.test(c) || ";&|()".includes(c);
    if (c === "#" && atWordStart) {
      i = lineEnd(text, i) - 1;
    } else if (c === "\\") i++;
    else if (opensQuote(text, i)) {
      const end = quotedEnd(text, i, nesting + 1);
      if (end === -1) return -1;
      i = end - 1;
    } else if (c === "`") {
      i = text.indexOf("`", i + 1);
      if (i === -1) return -1;
    } else if (opensHereDocument(text, i)) {
      const opened = hereDocumentAt(text, i, nesting + 1);
      if (opened === undefined) return -1;
      hereDocuments.push(opened.doc);
      i = opened.end - 1;
    } else if (c === "\n" && hereDocuments.length > 0) {
      const read = hereDocumentBodies(text, i + 1, hereDocuments.splice(0));
      if (read.end === -1) return -1;
      i = read.end - 1;
      wordStart = true;
    } else if (c === "(") depth++;
    else if (c === ")" && --depth === 0) return i;
  }
  return -1;
}

/** A here-document (`<<EOF`, `<<-'EOF'`) waiting for its body, which starts on the next line. */
export interface HereDocument {
  delimiter: string;
  /** `<<-`: leading tabs are removed from each line, the delimiter's included. */
  stripsTabs: boolean;
  /** The delimiter was quoted: the body is literal; otherwise its `$(…)` and backquotes run. */
  literal: boolean;
}

/** Whether `<<` at `at` opens a here-document (`<<<` is a here-string). */
export function opensHereDocument(text: string, at: number): boolean {
  return text[at] === "<" && text[at + 1] === "<" && text[at + 2] !== "<" && text[at - 1] !== "<";
}

/** The here-document opened by the `<<` at `at`, and the index after its delimiter word; undefined when no word follows. */
export function hereDocumentAt(
  text: string,
  at: number,
  nesting = 0,
): { doc: HereDocument; end: number } | undefined {
  let j = at + 2;
  const stripsTabs = text[j] === "-";
  if (stripsTabs) j++;
  while (text[j] === " " || text[j] === "\t") j++;
  const start = j;
  while (j < text.length && !/[\s;&|()<>]/.test(text[j] as string)) {
    if (text[j] === "\\") j += 2;
    else if (opensQuote(text, j)) {
      const end = quotedEnd(text, j, nesting + 1);
      if (end === -1) return undefined;
      j = end;
    } else j++;
  }
  const word = text.slice(start, Math.min(j, text.length));
  if (word === "") return undefined;
  return { doc: { delimiter: unquote(word), stripsTabs, literal: /['"]|\\[^\n]/.test(word) }, end: j };
}

/**
 * The bodies of `docs`, read from `from` (the line after the one that opened them) up to each
 * one's delimiter line, and the index after the last delimiter line; `end` is -1 when one never ends.
 */
export function hereDocumentBodies(
  text: string,
  from: number,
  docs: readonly HereDocument[],
): { bodies: { text: string; literal: boolean }[]; end: number } {
  const bodies: { text: string; literal: boolean }[] = [];
  let at = from;
  for (const doc of docs) {
    const start = at;
    let closed = false;
    while (!closed && at < text.length) {
      const end = lineEnd(text, at);
      const line = text.slice(at, end);
      closed = (doc.stripsTabs ? line.replace(/^\t+/, "") : line) === doc.delimiter;
      if (closed) bodies.push({ text: text.slice(start, at), literal: doc.literal });
      at = end + 1;
    }
    if (!closed) return { bodies, end: -1 };
  }
  return { bodies, end: Math.min(at, text.length) };
}

/** The words of a simple command, split on unquoted blanks, quotes and backslashes kept. An unclosed quote runs to the end. */
export function splitWords(text: string): string[] {
  const words: string[] = [];
  let word = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === " " || c === "\t" || c === "\n") {
      if (word !== "") words.push(word);
      word = "";
    } else if (c === "\\") {
      word += text.slice(i, i + 2);
      i++;
    } else if (opensQuote(text, i)) {
      const end = quotedEnd(text, i);
      const stop = end === -1 ? text.length : end;
      word += text.slice(i, stop);
      i = stop - 1;
    } else word += c;
  }
  if (word !== "") words.push(word);
  return words;
}

/** A word as bash reads it: quotes removed, backslash and `$'…'` escapes resolved (expansions are left as written). */
export function unquote(word: string): string {
  let out = "";
  for (let i = 0; i < word.length; i++) {
    const c = word[i] as string;
    if (c === "\\") {
      // A backslash before a newline joins the two lines: both go.
      const next = word[++i] ?? "";
      if (next !== "\n") out += next;
    } else if (c === "$" && word[i + 1] === '"') {
      // `$"…"` is translated for the locale, which leaves it as it is: the `$` goes.
    } else if (opensQuote(word, i)) {
      const end = quotedEnd(word, i);
      const stop = end === -1 ? word.length : end;
      const opener = c === "$" ? 2 : 1;
      const body = word.slice(i + opener, end === -1 ? stop : stop - 1);
      if (c === "'") out += body;
      else if (c === "$") out += decodeAnsiC(body);
      else out += body.replace(/\\\n/g, "").replace(/\\([\\"$`])/g, "$1");
      i = stop - 1;
    } else out += c;
  }
  return out;
}

/** The program a command word names, as bash finds it: `/bin/rm`, `'rm'` and `$'\x72m'` are all `rm`. */
export function programName(word: string): string {
  const name = unquote(word);
  return name.slice(name.lastIndexOf("/") + 1);
}

/** `NAME=value` or `NAME+=value`: a variable set for the command that follows. */
export function isAssignmentWord(word: string): boolean {
  return /^[A-Za-z_][A-Za-z0-9_]*\+?=/.test(word);
}

/** How many of `words` are assignments before the command; a lone assignment (`PATH=.`) is the command, as it changes the shell itself. */
export function leadingAssignmentCount(words: readonly string[]): number {
  let k = 0;
  while (k < words.length - 1 && isAssignmentWord(words[k] as string)) k++;
  return k;
}
