/**
 * The words of a hook command, as far as the files it names go (§8, script-references.ts): quotes
 * and backslashes removed, the project variables replaced by the project directory, one list per
 * simple command, and the commands inside `$(…)` and backquotes lexed as commands of their own. A
 * light lexer, not a shell: what it cannot know (another variable, a command's output, a glob) it
 * marks as dynamic instead of guessing, and what it cannot follow (a quote, `${`, `$(` or
 * here-document left open) becomes a command of its own that runs something unknown.
 */
import { arithmeticEnd, braceEnd, type Heredoc, heredocDelimiter, heredocEnd } from "./shell-spans.js";

export interface ShellWord {
  /** The word as the shell would pass it; what codebot cannot know stands as UNKNOWN_PART. */
  text: string;
  /** The word as written in the command, for the consent screen. */
  raw: string;
  /** Holds something codebot cannot expand: another variable, `$(…)`, backquotes, a glob, `$'…'`. */
  dynamic: boolean;
  /** The word after `<` (a file read as input) or after `>`, `>>`, `&>` (a file written). */
  redirect?: "in" | "out";
  /**
   * The text of a here-document's body or a here-string (`<<EOF`, `<<<`): the command's input, not
   * a file (its `redirect` is "in"). Its `$(…)` and backquotes run, as a word's do: `outputOf`.
   */
  here?: true;
  /**
   * The indexes (in the list simpleCommands returns) of the commands inside its `$(…)`, backquotes
   * or `<(…)`, whose output lands in the word or in the file it names: `$(cat n)` as a program,
   * `bash <(cat n)`, run what `n` holds. `>(…)`'s commands are listed too.
   */
  outputOf?: number[];
  /**
   * Where in `text` an UNKNOWN_PART stands for the shell's current directory (`$PWD`, `${PWD}`,
   * `$(pwd)`, `` `pwd` ``): still unknown for every other reading, but a `PATH` entry it begins
   * names a folder of where the command is (path-variable.ts).
   */
  currentDir?: number[];
}

/** Stands for an unknown part of a word: no file name holds it, so such a word never resolves. */
export const UNKNOWN_PART = "\0";

/** A simple command: its words in order (redirect targets included). */
export interface SimpleCommand {
  words: ShellWord[];
  /**
   * The indexes (in the list simpleCommands returns) of the commands whose output `|` sends to this
   * one: the command before it or, after a compound command (`{ …; }`, `( … )`, `fi`, `done`,
   * `esac`), failing closed, every command before it in its list.
   */
  pipedFrom?: number[];
}

/** The variables a command hook gets for the project directory (§5, §11). */
const PROJECT_VARIABLE_NAMES = new Set(["CLAUDE_PROJECT_DIR", "CODEBOT_PROJECT_DIR"]);
/** `${NAME}` and its forms with a default (`:-`, `-`, `:=`, `=`): all the project dir, as codebot always sets it. */
const PROJECT_VARIABLE_BRACED = /^(CLAUDE_PROJECT_DIR|CODEBOT_PROJECT_DIR)(?::?[-=]([\s\S]*))?$/;
/** Defaults that name the project dir too: `.` (a hook runs in the project) or the other project variable. */
const PROJECT_DEFAULT =
  /^(?:\.\/?|("?)\$(?:\{(?:CLAUDE_PROJECT_DIR|CODEBOT_PROJECT_DIR)\}|(?:CLAUDE_PROJECT_DIR|CODEBOT_PROJECT_DIR))\1)$/;

/** `$PWD`, `${PWD}`, `$(pwd)`, `` `pwd` `` (`-L`, `-P` too): the shell's current directory. */
const CURRENT_DIR =
  /(?:\$PWD(?![A-Za-z0-9_])|\$\{PWD\}|\$\(\s*pwd(?:\s+-[LP])?\s*\)|`\s*pwd(?:\s+-[LP])?\s*`)/y;

/** A word as the lexer reads it. */
interface WordBeingRead {
  text: string;
  dynamic: boolean;
  start: number;
  commandsBefore: number;
  currentDir?: number[];
}

/** Notes that the expansion starting at `at` in `src`, about to be added to `word`, is the current directory. */
function noteCurrentDir(src: string, at: number, word: WordBeingRead): void {
  CURRENT_DIR.lastIndex = at;
  if (CURRENT_DIR.test(src)) word.currentDir = [...(word.currentDir ?? []), word.text.length];
}

/** The last word of a command that ends a compound command: `{ cat x; } | sh` pipes all of it. */
const COMPOUND_END = /^(?:\}|fi|done|esac)$/;
/** `$(…)` inside `$(…)` deeper than this is not lexed: shown as unchecked instead (and no deep recursion). */
const MAX_NESTING = 32;
/** How much of what the lexer cannot follow is kept, as written, for the consent screen. */
const MAX_LOST_TEXT = 60;

/** One lexing of a command: where commands go as they end, how deep in `$(…)` it is, open here-documents. */
interface Lexing {
  src: string;
  projectDir: string;
  out: SimpleCommand[];
  nesting: number;
  heredocs: PendingHeredoc[];
}

/** A here-document opened on the line being read, with the word its body fills in. */
interface PendingHeredoc extends Heredoc {
  body: ShellWord;
}

const NAME = /[A-Za-z_][A-Za-z0-9_]*/y;
const OPERATOR = /&>>?|<<<|<<-?|<>|<&|>&|>>|>\||<|>/y;

/** The simple commands of `command`, in the order they end (commands inside a word first). */
export function simpleCommands(command: string, projectDir: string): SimpleCommand[] {
  const lexing: Lexing = { src: command, projectDir, out: [], nesting: 0, heredocs: [] };
  lexCommands(lexing, 0, undefined);
  return lexing.out;
}

/**
 * What the lexer cannot follow from `at` on (an open quote, `${`, `$(`, here-document, or nesting
 * too deep): a command of its own that runs something unknown, so it is listed as unchecked.
 * Returns the end of the command: nothing after it is lexed.
 */
function lost(lexing: Lexing, at: number): number {
  const { src } = lexing;
  const rest = src.slice(at);
  const raw = rest.length > MAX_LOST_TEXT ? `${rest.slice(0, MAX_LOST_TEXT)}…` : rest;
  lexing.out.push({ words: [{ text: UNKNOWN_PART, raw, dynamic: true }] });
  return src.length;
}

/**
 * Lexes from `start` up to `stop` (`)` of a `$(`, a closing backquote, or the end), pushing each
 * simple command to `out` as it ends — commands inside a word before the command holding it.
 * Returns the index after the stop.
 */
function lexCommands(lexing: Lexing, start: number, stop: ")" | "`" | undefined): number {
  if (lexing.nesting >= MAX_NESTING) return lost(lexing, start);
  lexing.nesting++;
  try {
    return lexUntil(lexing, start, stop);
  } finally {
    lexing.nesting--;
  }
}

/**
 * A here-document's body, as the command reads it: tabs stripped for `<<-`; an unquoted body with
 * `$` or backquotes expands, so codebot cannot know it all (dynamic), and the commands lexed in it
 * (from `commandsBefore` to `commandsAfter`) give their output to it.
 */
function fillHeredoc(doc: PendingHeredoc, text: string, commandsAfter: number, commandsBefore: number): void {
  const { body } = doc;
  body.text = doc.stripTabs ? text.replace(/^\t+/gm, "") : text;
  if (!doc.quoted && /[$`]/.test(text)) body.dynamic = true;
  if (commandsAfter > commandsBefore)
    body.outputOf = Array.from({ length: commandsAfter - commandsBefore }, (_, n) => commandsBefore + n);
}

function lexUntil(lexing: Lexing, start: number, stop: ")" | "`" | undefined): number {
  const { src, projectDir, out } = lexing;
  const lexInner = (at: number, innerStop: ")" | "`") => lexCommands(lexing, at, innerStop);
  let words: ShellWord[] = [];
  /** The word being read; `commandsBefore` is how many commands were pushed when it began. */
  let word: WordBeingRead | undefined;
  let redirect: ShellWord["redirect"];
  /** The word being read follows `<<<`: a here-string. */
  let hereString = false;
  let subshells = 0;
  /** The command before a `|`, until the command after it is pushed. */
  let pipedFrom: number[] | undefined;
  let lastPushed: number | undefined;
  /** The commands of this list start here; a `)` of a subshell was the last thing read. */
  const listStart = out.length;
  let closedSubshell = false;
  /**
   * `case` commands open in this list, and whether the words being read are a clause's patterns
   * (after `in`, `;;`, `;&` or `;;&`, up to `)`): patterns, not a command — `*) x;;` runs `x`, not `*`.
   */
  let openCases = 0;
  let inCasePatterns = false;
  let i = start;
  const begin = () => {
    if (word === undefined) closedSubshell = false;
    word ??= { text: "", dynamic: false, start: i, commandsBefore: out.length };
    return word;
  };
  const endWord = () => {
    if (word === undefined) return;
    // `[ -x f ]` is a command, not a glob.
    const dynamic = word.dynamic && !/^(?:\[\[?|\]\]?)$/.test(word.text);
    const shellWord: ShellWord = { text: word.text, raw: src.slice(word.start, i), dynamic, redirect };
    if (hereString) shellWord.here = true;
    if (word.currentDir !== undefined) shellWord.currentDir = word.currentDir;
    // Commands pushed while the word was read are those inside its `$(…)` and backquotes.
    const from = word.commandsBefore;
    if (out.length > from) shellWord.outputOf = Array.from({ length: out.length - from }, (_, n) => from + n);
    words.push(shellWord);
    word = undefined;
    redirect = undefined;
    hereString = false;
    const keyword = words.length === 1 && shellWord.raw === shellWord.text ? shellWord.text : undefined;
    if (keyword === "esac" && openCases > 0) {
      openCases--;
      inCasePatterns = false;
    } else if (words.length === 3 && words[0]?.raw === "case" && shellWord.raw === "in") {
      // `case WORD in`: a command of its own (as before), then the first clause's patterns.
      pushCommand();
      openCases++;
      inCasePatterns = true;
    }
  };
  const pushCommand = () => {
    if (words.length > 0) {
      out.push(pipedFrom === undefined ? { words } : { words, pipedFrom });
      lastPushed = out.length - 1;
      pipedFrom = undefined;
    }
    words = [];
  };
  const endCommand = () => {
    endWord();
    pushCommand();
    redirect = undefined;
  };
  /** After a `$` at `at`: adds its expansion to the word, returns the index after it. */
  const dollar = (at: number, target: WordBeingRead, quoted: boolean): number => {
    const next = src[at + 1] ?? "";
    noteCurrentDir(src, at, target);
    // `$"…"`: a translated string, read as the quotes it is.
    if (next === '"' && !quoted) return at + 1;
    if (next === "(") {
      target.dynamic = true;
      target.text += UNKNOWN_PART;
      // `$((n + 1))`: a number worked out, no command run.
      const arithmetic = src[at + 2] === "(" ? arithmeticEnd(src, at + 1) : undefined;
      if (arithmetic !== undefined) return arithmetic;
      return lexCommands(lexing, at + 2, ")");
    }
    if (next === "{") {
      const end = braceEnd(src, at + 1, lexInner);
      if (end === undefined) return lost(lexing, at);
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
      if (j >= src.length) return lost(lexing, at);
      target.text += UNKNOWN_PART;
      target.dynamic = true;
      return j + 1;
    }
    NAME.lastIndex = at + 1;
    const name = NAME.exec(src)?.[0];
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
  /** After the newline at `at`: steps over the bodies of the here-documents opened on its line. */
  const heredocBodies = (at: number): number => {
    let i = at + 1;
    for (const doc of lexing.heredocs.splice(0)) {
      const commandsBefore = out.length;
      const end = heredocEnd(src, i, doc, lexInner);
      if (end === undefined) return lost(lexing, at + 1);
      fillHeredoc(doc, src.slice(i, src.lastIndexOf("\n", end - 1) + 1), out.length, commandsBefore);
      i = end + 1;
    }
    // At the newline after the last delimiter line: it ends the command as any newline does.
    return i - 1;
  };

  while (i < src.length) {
    const c = src[i] as string;
    // `esac)` closing a `$(case …)`: the keyword ends before the `)` is read.
    if (
      inCasePatterns &&
      c === ")" &&
      words.length === 0 &&
      word !== undefined &&
      src.slice(word.start, i) === "esac"
    )
      endWord();
    if (c === stop && (stop === "`" || (subshells === 0 && !inCasePatterns))) {
      endCommand();
      return i + 1;
    }
    if (c === "'") {
      const w = begin();
      const end = src.indexOf("'", i + 1);
      if (end === -1) return lost(lexing, i);
      w.text += src.slice(i + 1, end);
      i = end + 1;
    } else if (c === '"') {
      const w = begin();
      const open = i;
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
          noteCurrentDir(src, i, w);
          w.text += UNKNOWN_PART;
          w.dynamic = true;
          i = lexCommands(lexing, i + 1, "`");
        } else {
          w.text += q;
          i++;
        }
      }
      if (i >= src.length) return lost(lexing, open);
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
      noteCurrentDir(src, i, w);
      w.text += UNKNOWN_PART;
      w.dynamic = true;
      i = lexCommands(lexing, i + 1, "`");
    } else if (
      inCasePatterns &&
      (c === ")" || c === "|" || (c === "(" && word === undefined && words.length === 0))
    ) {
      // A clause's patterns end at `)` (a leading `(` and the `|` between them are part of the syntax):
      // left out, but the commands of a `$(…)` in them were listed as they were read.
      endWord();
      if (c === ")") {
        words = [];
        inCasePatterns = false;
      }
      i++;
    } else if (c === ";" && openCases > 0 && (src[i + 1] === ";" || src[i + 1] === "&")) {
      // `;;`, `;&`, `;;&`: the clause ends, the next one's patterns follow.
      endCommand();
      pipedFrom = undefined;
      i += src[i + 1] === ";" && src[i + 2] === "&" ? 3 : 2;
      inCasePatterns = true;
    } else if (c === "#" && word === undefined) {
      // A comment, to the end of the line.
      while (i < src.length && src[i] !== "\n") i++;
    } else if (c === "|" && src[i + 1] !== "|") {
      // `|`, `|&`: the output of the command before goes to the one after.
      endCommand();
      const last = lastPushed === undefined ? undefined : (out[lastPushed] as SimpleCommand).words.at(-1);
      const compound = closedSubshell || (last !== undefined && COMPOUND_END.test(last.text));
      pipedFrom =
        lastPushed === undefined
          ? undefined
          : compound
            ? Array.from({ length: lastPushed + 1 - listStart }, (_, n) => listStart + n)
            : [lastPushed];
      closedSubshell = false;
      i += src[i + 1] === "&" ? 2 : 1;
    } else if (c === "\n" || c === ";" || c === "|" || (c === "&" && src[i + 1] !== ">")) {
      endCommand();
      pipedFrom = undefined;
      if (c === "\n" && lexing.heredocs.length > 0) i = heredocBodies(i);
      i += c === "|" ? 2 : 1;
    } else if (c === " " || c === "\t") {
      // Only a space or a tab separates words in bash: `\r`, a form feed or a no-break space is
      // part of the word (so a `#` after one starts no comment).
      endWord();
      i++;
    } else if (c === "(" && src[i + 1] === "(" && word === undefined && words.length === 0) {
      // `(( n++ ))` as a command: arithmetic, read as a subshell when it holds more (arithmeticEnd).
      const arithmetic = arithmeticEnd(src, i);
      if (arithmetic !== undefined) i = arithmetic;
      else {
        endCommand();
        subshells++;
        i++;
      }
    } else if (c === "(" || c === ")") {
      endCommand();
      subshells = Math.max(0, subshells + (c === "(" ? 1 : -1));
      closedSubshell = c === ")";
      i++;
    } else if ((c === "<" || c === ">") && src[i + 1] === "(") {
      // `<(…)`, `>(…)`: a word naming a pipe from or to the commands inside, lexed as `$(…)` is.
      const w = begin();
      w.text += UNKNOWN_PART;
      w.dynamic = true;
      i = lexCommands(lexing, i + 2, ")");
    } else if (c === "<" || c === ">" || c === "&") {
      // `2>`, `2>>`: the digits belong to the operator, not to a word.
      if (word !== undefined && !word.dynamic && /^\d+$/.test(word.text)) word = undefined;
      endWord();
      OPERATOR.lastIndex = i;
      const operator = OPERATOR.exec(src)?.[0] ?? c;
      i += operator.length;
      if (operator === "<<" || operator === "<<-") {
        // A here-document: its body, from the next line to the delimiter, is not commands.
        const delimiter = heredocDelimiter(src, i);
        if (delimiter === undefined) return lost(lexing, i - operator.length);
        // Its body, read once the line ends, is the command's input: a word of its own.
        const body: ShellWord = {
          text: "",
          raw: src.slice(i - operator.length, delimiter.end),
          dynamic: false,
        };
        body.redirect = "in";
        body.here = true;
        words.push(body);
        lexing.heredocs.push({
          delimiter: delimiter.delimiter,
          quoted: delimiter.quoted,
          stripTabs: operator === "<<-",
          body,
        });
        i = delimiter.end;
      } else if (operator === "<<<") {
        // `<<<text`: not a file, the text itself is the input.
        redirect = "in";
        hereString = true;
      } else if (src[i] !== "(") {
        redirect = operator.startsWith("<") ? "in" : "out";
      }
    } else {
      const w = begin();
      w.text += c;
      if ("*?[".includes(c)) w.dynamic = true;
      i++;
    }
  }
  endCommand();
  // A `$(` or backquote never closed: what it runs is not known.
  if (stop !== undefined) return lost(lexing, start);
  return src.length;
}
