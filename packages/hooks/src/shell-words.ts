/**
 * The words of a hook command, as far as the files it names go (§8, script-references.ts): quotes
 * and backslashes removed, the project variables replaced by the project directory, one list per
 * simple command, and the commands inside `$(…)` and backquotes lexed as commands of their own. A
 * light lexer, not a shell: what it cannot know (another variable, a command's output, a glob) it
 * marks as dynamic instead of guessing.
 */

export interface ShellWord {
  /** The word as the shell would pass it; what codebot cannot know stands as UNKNOWN_PART. */
  text: string;
  /** The word as written in the command, for the consent screen. */
  raw: string;
  /** Holds something codebot cannot expand: another variable, `$(…)`, backquotes, a glob, `$'…'`. */
  dynamic: boolean;
  /** The word after `<` (a file read as input) or after `>`, `>>`, `&>` (a file written). */
  redirect?: "in" | "out";
}

/** Stands for an unknown part of a word: no file name holds it, so such a word never resolves. */
export const UNKNOWN_PART = "\0";

/** The variables a command hook gets for the project directory (§5, §11). */
const PROJECT_VARIABLE_NAMES = new Set(["CLAUDE_PROJECT_DIR", "CODEBOT_PROJECT_DIR"]);
/** `${NAME}` and its forms with a default (`:-`, `-`, `:=`, `=`): all the project dir, as codebot always sets it. */
const PROJECT_VARIABLE_BRACED = /^(CLAUDE_PROJECT_DIR|CODEBOT_PROJECT_DIR)(?::?[-=]([\s\S]*))?$/;
/** Defaults that name the project dir too: `.` (a hook runs in the project) or the other project variable. */
const PROJECT_DEFAULT = /^(?:\.\/?|"?\$\{?(?:CLAUDE_PROJECT_DIR|CODEBOT_PROJECT_DIR)\}?"?)$/;

/** `$(…)` inside `$(…)` deeper than this is not lexed: shown as unchecked instead (and no deep recursion). */
const MAX_NESTING = 32;

/** One lexing of a command: where commands go as they end, and how deep in `$(…)` it is. */
interface Lexing {
  src: string;
  projectDir: string;
  out: ShellWord[][];
  nesting: number;
}

/** The simple commands of `command`, each as its words in order (redirect targets included). */
export function simpleCommands(command: string, projectDir: string): ShellWord[][] {
  const lexing: Lexing = { src: command, projectDir, out: [], nesting: 0 };
  lexCommands(lexing, 0, undefined);
  return lexing.out;
}

/**
 * Lexes from `start` up to `stop` (`)` of a `$(`, a closing backquote, or the end), pushing each
 * simple command to `out` as it ends — commands inside a word before the command holding it.
 * Returns the index after the stop.
 */
function lexCommands(lexing: Lexing, start: number, stop: ")" | "`" | undefined): number {
  const { src, out } = lexing;
  if (lexing.nesting >= MAX_NESTING) {
    // The rest as one word of a command of its own, run with what codebot cannot know.
    out.push([{ text: UNKNOWN_PART, raw: src.slice(start), dynamic: true }]);
    return src.length;
  }
  lexing.nesting++;
  try {
    return lexUntil(lexing, start, stop);
  } finally {
    lexing.nesting--;
  }
}

function lexUntil(lexing: Lexing, start: number, stop: ")" | "`" | undefined): number {
  const { src, projectDir, out } = lexing;
  let words: ShellWord[] = [];
  let word: { text: string; dynamic: boolean; start: number } | undefined;
  let redirect: ShellWord["redirect"];
  let subshells = 0;
  let i = start;
  const begin = () => {
    word ??= { text: "", dynamic: false, start: i };
    return word;
  };
  const endWord = () => {
    if (word === undefined) return;
    // `[ -x f ]` is a command, not a glob.
    const dynamic = word.dynamic && !/^(?:\[\[?|\]\]?)$/.test(word.text);
    words.push({ text: word.text, raw: src.slice(word.start, i), dynamic, redirect });
    word = undefined;
    redirect = undefined;
  };
  const endCommand = () => {
    endWord();
    if (words.length > 0) out.push(words);
    words = [];
    redirect = undefined;
  };
  /** After a `$` at `at`: adds its expansion to the word, returns the index after it. */
  const dollar = (at: number, target: { text: string; dynamic: boolean }, quoted: boolean): number => {
    const next = src[at + 1] ?? "";
    // `$"…"`: a translated string, read as the quotes it is.
    if (next === '"' && !quoted) return at + 1;
    if (next === "(") {
      target.dynamic = true;
      target.text += UNKNOWN_PART;
      return lexCommands(lexing, at + 2, ")");
    }
    if (next === "{") {
      const end = braceEnd(lexing, at + 1);
      const braced = PROJECT_VARIABLE_BRACED.exec(src.slice(at + 2, end));
      if (braced !== null) {
        target.text += projectDir;
        // A default other than the project itself is what runs when the variable is unset.
        if (braced[2] !== undefined && !PROJECT_DEFAULT.test(braced[2])) target.dynamic = true;
      } else {
        target.text += UNKNOWN_PART;
        target.dynamic = true;
      }
      return end + 1;
    }
    if (next === "'" && !quoted) {
      // `$'\x2e/x.sh'`: escapes codebot does not decode.
      let j = at + 2;
      while (j < src.length && src[j] !== "'") j += src[j] === "\\" ? 2 : 1;
      target.text += UNKNOWN_PART;
      target.dynamic = true;
      return j + 1;
    }
    const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(src.slice(at + 1))?.[0];
    if (name !== undefined) {
      if (PROJECT_VARIABLE_NAMES.has(name)) target.text += projectDir;
      else {
        target.text += UNKNOWN_PART;
        target.dynamic = true;
      }
      return at + 1 + name.length;
    }
    if (/^[0-9@*#?$!-]$/.test(next)) {
      target.text += UNKNOWN_PART;
      target.dynamic = true;
      return at + 2;
    }
    target.text += "$";
    return at + 1;
  };

  while (i < src.length) {
    const c = src[i] as string;
    if (c === stop && (stop === "`" || subshells === 0)) {
      endCommand();
      return i + 1;
    }
    if (c === "'") {
      const w = begin();
      const end = src.indexOf("'", i + 1);
      const close = end === -1 ? src.length : end;
      w.text += src.slice(i + 1, close);
      i = close + 1;
    } else if (c === '"') {
      const w = begin();
      i++;
      while (i < src.length && src[i] !== '"') {
        const q = src[i] as string;
        if (q === "\\" && i + 1 < src.length) {
          const escaped = src[i + 1] as string;
          // In double quotes a backslash escapes only these; elsewhere it stays.
          if (escaped !== "\n") w.text += '$`"\\'.includes(escaped) ? escaped : `\\${escaped}`;
          i += 2;
        } else if (q === "$") {
          i = dollar(i, w, true);
        } else if (q === "`") {
          w.text += UNKNOWN_PART;
          w.dynamic = true;
          i = lexCommands(lexing, i + 1, "`");
        } else {
          w.text += q;
          i++;
        }
      }
      i++;
    } else if (c === "\\") {
      const w = begin();
      // A backslash-newline joins lines; any other escaped character is itself.
      if (src[i + 1] !== "\n") w.text += src[i + 1] ?? "";
      i += 2;
    } else if (c === "$") {
      i = dollar(i, begin(), false);
    } else if (c === "`") {
      const w = begin();
      w.text += UNKNOWN_PART;
      w.dynamic = true;
      i = lexCommands(lexing, i + 1, "`");
    } else if (c === "#" && word === undefined) {
      // A comment, to the end of the line.
      while (i < src.length && src[i] !== "\n") i++;
    } else if (c === "\n" || c === ";" || c === "|" || (c === "&" && src[i + 1] !== ">")) {
      endCommand();
      i++;
    } else if (/\s/.test(c)) {
      endWord();
      i++;
    } else if (c === "(" || c === ")") {
      endCommand();
      subshells = Math.max(0, subshells + (c === "(" ? 1 : -1));
      i++;
    } else if (c === "<" || c === ">" || c === "&") {
      // `2>`, `2>>`: the digits belong to the operator, not to a word.
      if (word !== undefined && !word.dynamic && /^\d+$/.test(word.text)) word = undefined;
      endWord();
      const operator = /^(?:&>>?|<<<?-?|<>|<&|>&|>>|>\||<|>)/.exec(src.slice(i))?.[0] ?? c;
      i += operator.length;
      // `<(…)`, `>(…)` run a command (the `(` that follows); `<<EOF`, `<<<text` are not files.
      if (src[i] !== "(" && !operator.startsWith("<<")) redirect = operator.startsWith("<") ? "in" : "out";
    } else {
      const w = begin();
      w.text += c;
      if ("*?[".includes(c)) w.dynamic = true;
      i++;
    }
  }
  endCommand();
  return src.length;
}

/**
 * The index of the `}` closing the `${` whose `{` is at `open`, past quotes and nested `${…}`;
 * commands inside it (`${X:-$(cmd)}`) are lexed too, as they may run.
 */
function braceEnd(lexing: Lexing, open: number): number {
  const { src } = lexing;
  let depth = 1;
  let i = open + 1;
  while (i < src.length) {
    const c = src[i] as string;
    if (c === "\\") i += 2;
    else if (c === "'") {
      const close = src.indexOf("'", i + 1);
      i = close === -1 ? src.length : close + 1;
    } else if (c === "$" && src[i + 1] === "(") i = lexCommands(lexing, i + 2, ")");
    else if (c === "`") i = lexCommands(lexing, i + 1, "`");
    else if (c === "$" && src[i + 1] === "{") {
      depth++;
      i += 2;
    } else if (c === "}") {
      depth--;
      if (depth === 0) return i;
      i++;
    } else i++;
  }
  return src.length;
}
