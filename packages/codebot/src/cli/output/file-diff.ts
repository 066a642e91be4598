import { structuredPatch } from "diff";
import { MAX_DIFFED_EDITS, wholeFileHunk } from "../../tools/claude-result-shapes.js";
import { cutLongWords } from "../interactive/long-words.js";
import type { Styles } from "./styles.js";
import { terminalSafe } from "./terminal-safe.js";

/** Lines of diff shown under an `edit` or `write` line before "… N more lines". */
export const DIFF_MAX_LINES = 16;
/** Unchanged lines shown around each change. */
const CONTEXT = 1;
/** A line longer than this is cut (a minified file must not flood the terminal). */
const LINE_WIDTH = 160;

/**
 * The change from `before` to `after` as a compact coloured unified diff (issue 16, item 3): a
 * `@@ -a,b +c,d @@` header per hunk, removed lines red with `-`, added lines green with `+`, one
 * line of context, each line numbered in the file, at most `max` lines then "… N more lines".
 * `before` undefined: the file is new. File content is text from anywhere: control sequences are
 * stripped. Returns no lines when nothing changed. A change larger than MAX_DIFFED_EDITS lines is
 * not diffed line by line (a whole rewrite of a big file took minutes): it is shown as every line
 * out, then every line in, as the hooks' structuredPatch gives it, and the last line says so.
 */
export function diffLines(
  before: string | undefined,
  after: string,
  s: Styles,
  max: number = DIFF_MAX_LINES,
): string[] {
  const patch = structuredPatch("a", "b", before ?? "", after, undefined, undefined, {
    context: CONTEXT,
    maxEditLength: MAX_DIFFED_EDITS,
  });
  const hunks = patch?.hunks ?? [wholeFileHunk(before ?? "", after)];
  const all: string[] = [];
  for (const hunk of hunks) {
    // As in `diff -u`: an empty side is numbered from the line before it.
    const oldAt = hunk.oldLines === 0 ? hunk.oldStart - 1 : hunk.oldStart;
    const newAt = hunk.newLines === 0 ? hunk.newStart - 1 : hunk.newStart;
    all.push(s.cyan(`@@ -${oldAt},${hunk.oldLines} +${newAt},${hunk.newLines} @@`));
    let oldNo = hunk.oldStart;
    let newNo = hunk.newStart;
    for (const line of hunk.lines) {
      const sign = line.charAt(0);
      // "\ No newline at end of file" says nothing a reader needs here.
      if (sign === "\\") continue;
      const text = cut(terminalSafe(line.slice(1)));
      if (sign === "-") all.push(s.red(`${number(oldNo++)} -${text}`));
      else if (sign === "+") all.push(s.green(`${number(newNo++)} +${text}`));
      else {
        all.push(s.dim(`${number(newNo)}  ${text}`));
        oldNo++;
        newNo++;
      }
    }
  }
  const notDiffed =
    patch === undefined ? " (too large a change to diff: every line out, then every line in)" : "";
  if (all.length <= max) return all;
  return [...all.slice(0, max), s.dim(`… ${all.length - max} more lines${notDiffed}`)];
}

/** Where a diff line's `-`/`+` stands: after its line number (`   2 -world`). */
const SIGN_COLUMN = 5;

/**
 * A line of `diffLines`, after `indent` (the spaces it is shown behind), as rows of at most
 * `width` columns: cut anywhere (a code line's spaces are its own), each next row starting under
 * its sign, the sign again — as claude 2.1.328 shows an edit's long line (recorded in tmux:
 * `      2 +… width of th` / `        +e terminal for sure`). Left to the terminal, the rest
 * started at its edge, under the line numbers.
 */
export function diffRows(line: string, indent: string, width: number | undefined): string[] {
  const row = `${indent}${line}`;
  if (width === undefined) return [row];
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the colour sequences are what is matched.
  const style = /^\x1b\[[0-9;]*m/.exec(line)?.[0] ?? "";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the colour sequences are what is removed.
  const sign = line.replace(/\x1b\[[0-9;]*m/g, "").charAt(SIGN_COLUMN);
  const under = " ".repeat(indent.length + SIGN_COLUMN);
  // Each next row in the line's colour: its own, were the terminal to reset at a row's end.
  return cutLongWords([row], width, `${under}${style}${sign === "-" || sign === "+" ? sign : " "}`);
}

function number(n: number): string {
  return String(n).padStart(4);
}

function cut(text: string): string {
  return text.length > LINE_WIDTH ? `${text.slice(0, LINE_WIDTH - 1)}…` : text;
}
