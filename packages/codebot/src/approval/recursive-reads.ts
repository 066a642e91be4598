import path from "node:path";
import { expandHome } from "../paths/home-path.js";
import { PWD_OUTPUT } from "./bash-named-files.js";
import { shellCommands } from "./shell-commands.js";
import { splitWords, unquote } from "./shell-words.js";

/**
 * What a bash line reads beyond the files it names (bash-named-files.ts), for a `Read` rule:
 * whole folders — `grep -r`/`-R`, `rg`, `ag`, `ack`, `git grep`, `cp`/`scp -r`/`-a`, `rsync -r`/`-a`,
 * `zip -r`, `diff -r`, `tar` (every folder operand; none for grep/rg/git grep means where the shell
 * is), `find` whose `-exec`/`-execdir`/`-ok`/`-okdir` runs a reading program or a shell, or whose
 * output a reading program gets through `xargs` — and whether it reads files whose names it does
 * not show: a program that reads the files it is given (`cat`, `head`, `base64`…) given a word
 * holding `$(…)`, backquotes or a variable other than `$PWD`/`$HOME` (`cat $(ls | grep env)`), or
 * run by `xargs` (`ls | xargs cat`). Listing names (`ls -R`, `find -name`, `du`, `tree`, `rg
 * --files`) reads no file's content and is not counted; nor does `find -exec rm`.
 */
export interface LineReach {
  /** Absolute folders read whole (whether each is a folder is for the caller to see). */
  folders: string[];
  /** It reads files it does not name. */
  unnamed: boolean;
}

/** Programs that read every file under a folder operand always. */
const ALWAYS_RECURSIVE = new Set(["rg", "ag", "ack", "tar", "bsdtar"]);
/** Programs that do so with a recursive option: its short letters and long names. */
const RECURSIVE_WITH: Record<string, { short: RegExp; long: RegExp }> = {
  grep: { short: /^-[A-Za-z]*[rR]/, long: /^--(recursive|dereference-recursive|directories=recurse)$/ },
  cp: { short: /^-[A-Za-z]*[rRa]/, long: /^--(recursive|archive)$/ },
  scp: { short: /^-[A-Za-z]*r/, long: /^$/ },
  rsync: { short: /^-[A-Za-z]*[ra]/, long: /^--(recursive|archive)$/ },
  zip: { short: /^-[A-Za-z]*r/, long: /^--recurse-paths$/ },
  diff: { short: /^-[A-Za-z]*r/, long: /^--recursive$/ },
};
for (const alias of ["egrep", "fgrep", "zgrep"]) RECURSIVE_WITH[alias] = RECURSIVE_WITH.grep as never;
/** Programs that search where the shell is when no folder is named, their first word a pattern. */
const SEARCH_HERE = new Set(["grep", "egrep", "fgrep", "zgrep", "rg", "ag", "ack", "git"]);
/** The options that give a search its pattern instead of its first word. */
const PATTERN_OPTION = /^(-[A-Za-z]*[ef]|--regexp|--file)/;
/**
 * Programs that print, copy or pack the content of the files they are given. Interpreters are not
 * among them: their first file is a script, and what a script reads no reading of the line can tell.
 */
const CONTENT_READERS = new Set([
  ...["cat", "tac", "head", "tail", "less", "more", "nl", "od", "hexdump", "xxd", "base64", "base32"],
  ...["strings", "sort", "uniq", "cut", "paste", "grep", "egrep", "fgrep", "rg", "sed", "awk", "wc"],
  ...["cp", "scp", "rsync", "tar", "zip", "gzip", "bzip2", "xz", "zcat", "jq", "yq", "diff", "cmp"],
  ...["dd", "iconv", "fold", "fmt", "pr", "column", "expand", "tr", "split", "csplit"],
]);
/** Programs whose last word is the copy they write. */
const COPIERS = new Set(["cp", "scp", "rsync"]);
/** Shells a `find -exec` may run, reading what the command line they are given says. */
const SHELLS = new Set(["sh", "bash", "zsh", "dash", "ksh"]);
const FIND_RUNS = new Set(["-exec", "-execdir", "-ok", "-okdir"]);
/**
 * A word the shell fills in from a command or a variable, other than the shell's folder and home:
 * special parameters too (`/proc/$$/root/…` is `/…`).
 */
const FILLED_IN = /\$\(|`|\$(?!\{?(PWD|HOME)\b)[{A-Za-z_$!?#@*0-9-]/;
/** A brace list (`{cat,.env}`): bash makes it several words. */
const BRACE_LIST = /\{[^{}]*,[^{}]*\}/;
/**
 * `$_` in a command another runs stands for what that one hands it (`find … -exec cat {} +` is
 * `cat $_`: files under find's folders, counted as those); in a command of its own, for a `$(…)`'s output.
 */
const HANDED_ON = /\$_(?![A-Za-z0-9_])/g;

export function lineReach(command: string, cwd: string, home: string): LineReach {
  const folders: string[] = [];
  let unnamed = false;
  let place = cwd;
  // `$(pwd)` is the shell's folder, which the words show (bash-named-files.ts reads it so too).
  const { commands } = shellCommands(command.replace(PWD_OUTPUT, () => "$PWD"));
  // `… | xargs cat`: xargs hands a reading program names the line does not show.
  const xargsReads = commands.some((c) => {
    const [program, ...args] = splitWords(c.text).map(unquote);
    return program === "xargs" && args.some((w) => CONTENT_READERS.has(path.basename(w)));
  });
  for (const { text, inner } of commands) {
    const raw = splitWords(text);
    const [first, ...rest] = raw.map(unquote);
    const program = path.basename(first ?? "");
    if ((program === "cd" || program === "pushd") && rest[0] !== undefined)
      place = path.resolve(place, expandHome(rest[0], home));
    if (program === "xargs" && xargsReads) unnamed = true;
    // A single-quoted part is text, not expanded (`jq -n '$ENV'`).
    const filled = (w: string) =>
      FILLED_IN.test((inner ? w.replace(HANDED_ON, "") : w).replace(/'[^']*'/g, ""));
    // A copy's last word is where it goes, not what it reads (`cp x "$DEST/y"`).
    const read = COPIERS.has(program) ? raw.slice(1, -1) : raw.slice(1);
    if (CONTENT_READERS.has(program) && read.some(filled)) unnamed = true;
    // A program word bash fills in or splits (`cat${IFS}.env`, `{cat,.env}`): what runs, and on
    // which files, the line does not show.
    const unquotedFirst = (raw[0] ?? "").replace(/'[^']*'/g, "");
    if (filled(raw[0] ?? "") || BRACE_LIST.test(unquotedFirst)) unnamed = true;
    const operands = folderOperands(program, rest, xargsReads);
    if (operands === undefined) continue;
    const named = operands.length > 0 ? operands : SEARCH_HERE.has(program) ? ["."] : [];
    for (const word of named) folders.push(path.resolve(place, expandHome(word, home)));
  }
  return { folders, unnamed };
}

/** The words that may be folders a command reads whole, or undefined when it reads none so. */
function folderOperands(program: string, args: string[], piped: boolean): string[] | undefined {
  let words = args.filter((w) => !w.startsWith("-") && w !== "");
  if (program === "git") {
    if (args[0] !== "grep") return undefined;
    words = words.slice(1);
  }
  if (SEARCH_HERE.has(program) && !args.some((w) => PATTERN_OPTION.test(w))) words = words.slice(1);
  if (program === "find") {
    const start = args.findIndex((w) => /^[-(!]/.test(w));
    const ran = args.flatMap((w, i) => (FIND_RUNS.has(w) ? [path.basename(args[i + 1] ?? "")] : []));
    const runs = ran.some((p) => CONTENT_READERS.has(p) || SHELLS.has(p)) || piped;
    return runs ? args.slice(0, start === -1 ? args.length : start) : undefined;
  }
  // `rg --files` lists names only, as `ls -R` does.
  if (program === "rg" && args.includes("--files")) return undefined;
  if (program === "git" || ALWAYS_RECURSIVE.has(program)) return words;
  const recursive = RECURSIVE_WITH[program];
  if (recursive === undefined) return undefined;
  const on = args.some((w) => (w.startsWith("--") ? recursive.long.test(w) : recursive.short.test(w)));
  return on ? words : undefined;
}
