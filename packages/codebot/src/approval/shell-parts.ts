/**
 * A shell command cut into the simple commands a permission rule is checked against, as Claude
 * Code does: `a && b || c; d | e & f` (and newlines) are six parts, each judged on its own; the
 * commands inside `$(…)`, `<(…)` and backquotes are parts too. Quotes and backslashes are
 * respected, so `echo "a && b"` is one part; a `#` that starts a word opens a comment to the end
 * of the line, as in bash, so a quote inside a comment does not hide the next line. This is for
 * matching rules, not a shell: anything it does not understand makes a command *less* likely to be allowed, never more.
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
}

/** Deeper `$(…)` nesting than this is not followed: the rest is one part, with a substitution. */
const MAX_NESTING = 32;

export function shellParts(command: string, depth = 0): ShellParts {
  if (depth > MAX_NESTING) {
    const text = command.trim();
    return { parts: text === "" ? [] : [{ text, assignments: [], redirects: false }], substitutes: true };
  }
  const parts: ShellPart[] = [];
  let substitutes = false;
  const pieces: string[] = [];
  let current = "";
  const cut = () => {
    pieces.push(current);
    current = "";
  };
  let i = 0;
  const n = command.length;
  // Whether a word would start at `i`: a `#` there opens a comment, as in bash.
  let wordStart = true;
  while (i < n) {
    const c = command[i] as string;
    const atWordStart = wordStart;
    wordStart = false;
    if (c === "#" && atWordStart) {
      // A comment runs to the end of the line; a quote inside it opens nothing.
      i = lineEnd(command, i);
      wordStart = true;
    } else if (c === "\\" && i + 1 < n) {
      current += c + command[i + 1];
      i += 2;
    } else if (c === "'") {
      const end = command.indexOf("'", i + 1);
      const stop = end === -1 ? n : end + 1;
      current += command.slice(i, stop);
      i = stop;
    } else if (c === '"') {
      // Inside double quotes `$(…)` and backquotes still run: their commands are parts too.
      let j = i + 1;
      while (j < n && command[j] !== '"') {
        if (command[j] === "\\") j++;
        else if (command[j] === "$" && command[j + 1] === "(") {
          substitutes = true;
          const end = closingParen(command, j + 2);
          pieces.push(...shellParts(command.slice(j + 2, end), depth + 1).parts.map((p) => p.text));
          j = end;
        } else if (command[j] === "`") {
          substitutes = true;
          const end = command.indexOf("`", j + 1);
          const stop = end === -1 ? n : end;
          pieces.push(...shellParts(command.slice(j + 1, stop), depth + 1).parts.map((p) => p.text));
          j = stop;
        }
        j++;
      }
      const stop = Math.min(n, j + 1);
      current += command.slice(i, stop);
      i = stop;
    } else if ((c === "$" || c === "<" || c === ">") && command[i + 1] === "(") {
      substitutes = true;
      const end = closingParen(command, i + 2);
      pieces.push(...shellParts(command.slice(i + 2, end), depth + 1).parts.map((p) => p.text));
      current += " _ ";
      i = end + 1;
    } else if (c === "`") {
      substitutes = true;
      const end = command.indexOf("`", i + 1);
      const stop = end === -1 ? n : end;
      pieces.push(...shellParts(command.slice(i + 1, stop), depth + 1).parts.map((p) => p.text));
      current += " _ ";
      i = stop + 1;
    } else if (c === ";" || c === "\n" || c === "\r" || c === "|" || c === "&") {
      // `>&` and `&>` are redirections, not separators.
      if (c === "&" && (command[i - 1] === ">" || command[i + 1] === ">")) {
        current += c;
        i++;
        continue;
      }
      cut();
      i += (c === "|" || c === "&") && command[i + 1] === c ? 2 : 1;
      // A `\r` is cut on to be safe, but to bash it is part of a word: no comment after it.
      wordStart = c !== "\r";
    } else if (c === "(" || c === ")" || c === "{" || c === "}") {
      // Subshells and groups: their commands are parts like any other.
      if (c === "(" || c === ")" || /^\s*$/.test(current)) {
        cut();
        // `{` and `}` are words of their own only when a blank follows (`{#` is one word).
        wordStart = c === "(" || c === ")" || WORD_BREAK.test(command[i + 1] ?? " ");
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
  for (const piece of pieces) {
    const { text, redirects } = withoutRedirections(piece);
    const { assignments, rest } = leadingAssignments(text);
    if (rest !== "") parts.push({ text: rest, assignments, redirects });
  }
  return { parts, substitutes };
}

/**
 * After a space, tab or newline, `<` or `>` a new word starts (and after `;&|()`, which cut the
 * command). Only these: bash splits words on no other white space (`\r`, a form feed, a no-break
 * space), so a `#` after one of those starts no comment.
 */
const WORD_BREAK = /[ \t\n<>]/;

/** The index of the newline that ends the comment starting at `from` (the end of the text if none); bash ends it at `\n` only. */
function lineEnd(text: string, from: number): number {
  const end = text.indexOf("\n", from);
  return end === -1 ? text.length : end;
}

/** The index of the `)` that closes a `(` opened before `from` (the end of the text if none). */
function closingParen(text: string, from: number): number {
  let depth = 1;
  let wordStart = true;
  for (let i = from; i < text.length; i++) {
    const c = text[i] as string;
    const atWordStart = wordStart;
    wordStart = WORD_BREAK.test(c) || ";&|()".includes(c);
    if (c === "#" && atWordStart) {
      i = lineEnd(text, i) - 1;
    } else if (c === "\\") i++;
    else if (c === "'") {
      const end = text.indexOf("'", i + 1);
      i = end === -1 ? text.length : end;
    } else if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
      i = j;
    } else if (c === "(") depth++;
    else if (c === ")" && --depth === 0) return i;
  }
  return text.length;
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
  const masked = piece.replace(/'[^']*'|"(?:\\.|[^"\\])*"/g, (q) => `${MARK}${quoted.push(q) - 1}${MARK}`);
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

/**
 * One `NAME=value` (or `NAME+=value`, which appends) before a command. A lone assignment
 * (`PATH=.`) stays the part's text: it changes the shell itself.
 */
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*\+?=(?:"(?:\\.|[^"\\])*"|'[^']*'|\S*)\s+/;

/** `FOO=1 BAR="x y" rm -rf a` → `FOO=1`, `BAR="x y"` and `rm -rf a`: the command that runs is what rules are about. */
function leadingAssignments(text: string): { assignments: string[]; rest: string } {
  const assignments: string[] = [];
  let rest = text;
  for (let m = ASSIGNMENT.exec(rest); m !== null; m = ASSIGNMENT.exec(rest)) {
    assignments.push(m[0].trim());
    rest = rest.slice(m[0].length);
  }
  return { assignments, rest: rest.trim() };
}
