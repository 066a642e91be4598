import { UNSEEN_TEXT } from "./shell-expansion.js";
import {
  closingParen,
  type HereDocument,
  hereDocumentAt,
  hereDocumentBodies,
  leadingAssignmentCount,
  lineEnd,
  opensHereDocument,
  opensQuote,
  quotedEnd,
  splitWords,
  WORD_BREAK,
} from "./shell-words.js";

/**
 * A shell command cut into the simple commands a permission rule is checked against, as Claude
 * Code does: `a && b || c; d | e & f` (and newlines) are six parts, each judged on its own; the
 * commands inside `$(…)`, `<(…)` and backquotes are parts too. Quotes (`'…'`, `"…"`, `$'…'`) and
 * backslashes are read as bash reads them (shell-words.ts), so `echo "a && b"` is one part; a `#`
 * that starts a word opens a comment to the end of the line, as in bash; the body of a here-document
 * is data, not commands (its `$(…)` still run when the delimiter is unquoted). This is for matching
 * rules, not a shell: what it cannot follow is reported as `unmodelled`, and rules then fail closed.
 */
export interface ShellPart {
  /** The simple command, trimmed, leading `VAR=value` assignments removed. */
  text: string;
  /** Those leading assignments, as written (`GIT_DIR=x`): they change what the command does. */
  assignments: string[];
  /** It redirects input or output to a file (`> f`, `>> f`, `< f`); `2>&1` and `>/dev/null` do not count. */
  redirects: boolean;
}

export interface ShellParts {
  parts: ShellPart[];
  /** It holds a command substitution or backquotes: its effect is not visible in the text. */
  substitutes: boolean;
  /**
   * The text was not fully understood — a quote, `$(`, backquote or here-document never closed, or
   * nesting too deep — so the parts may not be all bash would run.
   */
  unmodelled: boolean;
}

/** Deeper `$(…)` nesting than this is not followed: the rest is one part, and the command is unmodelled. */
const MAX_NESTING = 32;

export function shellParts(command: string, depth = 0): ShellParts {
  if (depth > MAX_NESTING) {
    const text = command.trim();
    return {
      parts: text === "" ? [] : [{ text, assignments: [], redirects: false }],
      substitutes: true,
      unmodelled: true,
    };
  }
  const n = command.length;
  let substitutes = false;
  // `<<` inside `((…))` or `$[…]` is a shift, not a here-document: rather than follow arithmetic,
  // a line holding both is not modelled.
  let unmodelled = ARITHMETIC.test(command) && command.includes("<<");
  const pieces: string[] = [];
  let current = "";
  const cut = () => {
    pieces.push(current);
    current = "";
  };
  /** The commands of a substitution (`$(…)`, backquotes): parts of their own. */
  const substitution = (text: string) => {
    substitutes = true;
    const inner = shellParts(text, depth + 1);
    if (inner.unmodelled) unmodelled = true;
    pieces.push(...inner.parts.map(partText));
  };
  /**
   * Text where `$(…)` and backquotes run but nothing else is a command (inside `"…"`, a here-document
   * body): from `from` to the unescaped `close`, or to the end. Returns the index of `close`, or -1.
   */
  const expandingText = (text: string, from: number, close: string | undefined): number => {
    let j = from;
    for (; j < text.length && text[j] !== close; j++) {
      if (text[j] === "\\") j++;
      else if (text[j] === "$" && text[j + 1] === "(") {
        const end = closingParen(text, j + 2);
        if (end === -1) return -1;
        substitution(text.slice(j + 2, end));
        j = end;
      } else if (text[j] === "`") {
        const end = text.indexOf("`", j + 1);
        if (end === -1) return -1;
        substitution(text.slice(j + 1, end));
        j = end;
      }
    }
    return j < text.length ? j : close === undefined ? j : -1;
  };
  const hereDocuments: HereDocument[] = [];
  /** Reads the bodies of the here-documents opened on the line ended before `from`; the index after them. */
  const skipHereDocuments = (from: number): number => {
    const read = hereDocumentBodies(command, from, hereDocuments.splice(0));
    for (const body of read.bodies)
      if (!body.literal && expandingText(body.text, 0, undefined) === -1) unmodelled = true;
    if (read.end === -1) unmodelled = true;
    return read.end === -1 ? n : read.end;
  };
  let i = 0;
  // Whether a word would start at `i`: a `#` there opens a comment, as in bash.
  let wordStart = true;
  while (i < n) {
    const c = command[i] as string;
    const atWordStart: boolean = wordStart;
    wordStart = false;
    if (c === "#" && atWordStart) {
      // A comment runs to the end of the line; a quote inside it opens nothing.
      i = lineEnd(command, i);
      wordStart = true;
    } else if (c === "\\" && i + 1 < n) {
      // A backslash before a newline joins the lines: bash removes both before reading words.
      if (command[i + 1] === "\n") wordStart = atWordStart;
      else current += c + command[i + 1];
      i += 2;
    } else if (c === '"') {
      // Inside double quotes `$(…)` and backquotes still run: their commands are parts too.
      const close = expandingText(command, i + 1, '"');
      if (close === -1) unmodelled = true;
      const stop = close === -1 ? n : close + 1;
      current += command.slice(i, stop);
      i = stop;
    } else if (opensQuote(command, i)) {
      const end = quotedEnd(command, i);
      if (end === -1) unmodelled = true;
      const stop = end === -1 ? n : end;
      current += command.slice(i, stop);
      i = stop;
    } else if ((c === "$" || c === "<" || c === ">") && command[i + 1] === "(") {
      const end = closingParen(command, i + 2);
      if (end === -1) unmodelled = true;
      const stop = end === -1 ? n : end;
      substitution(command.slice(i + 2, stop));
      current += UNSEEN_TEXT;
      i = stop + 1;
    } else if (c === "`") {
      const end = command.indexOf("`", i + 1);
      if (end === -1) unmodelled = true;
      const stop = end === -1 ? n : end;
      substitution(command.slice(i + 1, stop));
      current += UNSEEN_TEXT;
      i = stop + 1;
    } else if (opensHereDocument(command, i)) {
      const opened = hereDocumentAt(command, i);
      if (opened === undefined) unmodelled = true;
      else hereDocuments.push(opened.doc);
      const stop = opened?.end ?? i + 2;
      current += command.slice(i, stop);
      i = stop;
    } else if (c === ";" || c === "\n" || c === "\r" || c === "|" || c === "&") {
      // `>&` and `&>` are redirections, not separators.
      if (c === "&" && (command[i - 1] === ">" || command[i + 1] === ">")) {
        current += c;
        i++;
        continue;
      }
      cut();
      i += (c === "|" || c === "&") && command[i + 1] === c ? 2 : 1;
      if (c === "\n" && hereDocuments.length > 0) i = skipHereDocuments(i);
      // A `\r` is cut on to be safe, but to bash it is part of a word: no comment after it.
      wordStart = c !== "\r";
    } else if (c === "(" || c === ")" || c === "{" || c === "}") {
      // Subshells and groups: their commands are parts like any other. `{` and `}` are words of
      // their own only when a blank follows (`{#` and the brace expansion `{rm,x}` are words).
      if (c === "(" || c === ")" || (/^\s*$/.test(current) && WORD_BREAK.test(command[i + 1] ?? " "))) {
        cut();
        wordStart = true;
      } else {
        current += c;
      }
      i++;
    } else {
      current += c;
      i++;
      wordStart = WORD_BREAK.test(c);
    }
  }
  cut();
  const parts: ShellPart[] = [];
  // A redirection with no command (`(cat a) > f`, `{ …; } >> f`, `ls; > f`) still writes: it is
  // counted on the part before it, or on the next one when none came before.
  let loose = false;
  for (const piece of pieces) {
    const { text, redirects } = withoutRedirections(piece);
    const { assignments, rest } = leadingAssignments(text);
    const last = parts[parts.length - 1];
    if (rest !== "") {
      parts.push({ text: rest, assignments, redirects: redirects || loose });
      loose = false;
    } else if (redirects && last !== undefined) last.redirects = true;
    else if (redirects) loose = true;
  }
  return { parts, substitutes, unmodelled };
}

/** `((` or `$[`: arithmetic, where `<` and `<<` are operators. */
const ARITHMETIC = /\(\(|\$\[/;

/** A part as a piece to cut again: its assignments in front. */
function partText(part: ShellPart): string {
  return [...part.assignments, part.text].join(" ");
}

/** Harmless redirections: to another descriptor, or to /dev/null. */
const HARMLESS = /\s*\d*(?:>&\s*\d+|&?>>?\s*\/dev\/null|<&\s*\d+|\d*>&-)(?=\s|$)/g;
/** A redirection outside quotes: the operator and its target word. */
const REDIRECTION = /\s*(?:\d*|&)(?:>>?|<<?<?|>\|)\s*(?:"[^"]*"|'[^']*'|[^\s;&|]+)?/g;

/** Stands for a quoted string while redirections are looked for (NUL never occurs in a command that runs). */
const MARK = String.fromCharCode(0);
const MARKED = new RegExp(`${MARK}(\\d+)${MARK}`, "g");

function withoutRedirections(piece: string): { text: string; redirects: boolean } {
  const quoted: string[] = [];
  // Quoted text is set aside so a `>` inside quotes is not a redirection.
  // Runs of blanks as one: the patterns start with `\s*`, which tried at each blank of a long run
  // (a model's command padded with a million spaces) took quadratic time and held the session.
  const masked = maskQuotes(piece, (q) => `${MARK}${quoted.push(q) - 1}${MARK}`).replace(/\s+/g, " ");
  const harmless = masked.replace(HARMLESS, "");
  let redirects = false;
  const stripped = harmless.replace(REDIRECTION, () => {
    redirects = true;
    return "";
  });
  const text = stripped
    .trim()
    .replace(/\s+/g, " ")
    .replace(MARKED, (_, k: string) => quoted[Number(k)] as string);
  return { text, redirects };
}

/** `piece` with each quoted string replaced by `mark(string)`; an escaped quote is not one. */
function maskQuotes(piece: string, mark: (quoted: string) => string): string {
  let out = "";
  for (let i = 0; i < piece.length; i++) {
    if (piece[i] === "\\") {
      out += piece.slice(i, i + 2);
      i++;
    } else if (opensQuote(piece, i)) {
      const end = quotedEnd(piece, i);
      const stop = end === -1 ? piece.length : end;
      out += mark(piece.slice(i, stop));
      i = stop - 1;
    } else out += piece[i];
  }
  return out;
}

/** `FOO=1 BAR="x y" rm -rf a` → `FOO=1`, `BAR="x y"` and `rm -rf a`: the command that runs is what rules are about. */
function leadingAssignments(text: string): { assignments: string[]; rest: string } {
  const words = splitWords(text);
  const k = leadingAssignmentCount(words);
  return { assignments: words.slice(0, k), rest: k === 0 ? text : words.slice(k).join(" ") };
}
