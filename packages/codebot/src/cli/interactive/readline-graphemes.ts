import type readline from "node:readline";
import { overrideInternal, readlineInternal } from "./readline-internals.js";

/**
 * readline steps through the typed line one code point at a time: ← went into an emoji joined by
 * U+200D (👩‍💻 took three presses, the cursor drawn in the middle of its cell) and Backspace took
 * a family 👨‍👩‍👧 apart one person at a time, or left an accent (é typed as e + U+0301) without
 * its letter. This makes ←/→ (Ctrl+B/F), Backspace (Ctrl+H) and Delete (Ctrl+D) move over and
 * delete one grapheme cluster — what the user sees as one character — as claude's editor does.
 * Word moves and edits keep readline's rules; their ends are moved to a cluster's edge.
 *
 * Node keeps these edits under symbols (`_moveCursor`, `_deleteLeft`, `_deleteRight`, which its
 * key handler calls); where one is not found readline is left as it is for that edit.
 *
 * `units` gives spans of the line edited as one character too (a folded paste's placeholder:
 * ← steps over it, Backspace removes it whole, as claude's prompt does).
 */
export function editByGraphemes(
  rl: readline.Interface,
  units: (line: string) => Array<[number, number]> = () => [],
): void {
  const editor = rl as unknown as Editor;
  /** The start of the unit (a span of `units`, else a grapheme cluster) `at` is inside of. */
  const unitStart = (line: string, at: number) => {
    const span = units(line).find(([from, to]) => from < at && at < to);
    return span !== undefined ? span[0] : clusterStart(line, at);
  };
  const unitEnd = (line: string, at: number) => {
    const span = units(line).find(([from, to]) => from < at && at < to);
    return span !== undefined ? span[1] : clusterEnd(line, at);
  };
  const moveCursor = readlineInternal(rl, "_moveCursor");
  if (moveCursor !== undefined) {
    const original = moveCursor.method as (dx: number) => void;
    overrideInternal(rl, moveCursor.key, function (this: Editor, dx: number) {
      const target = Math.max(0, Math.min(this.line.length, this.cursor + dx));
      const edge = dx < 0 ? unitStart(this.line, target) : unitEnd(this.line, target);
      original.call(this, edge - this.cursor);
    });
  }
  const beforeEdit = readlineInternal(rl, "_beforeEdit")?.method as
    | ((line: string, cursor: number) => void)
    | undefined;
  const refresh = () => (editor as unknown as { _refreshLine(): void })._refreshLine();
  /** Removes `[from, to)` of the line (readline's undo keeps the line as it was), the cursor at `from`. */
  const cut = (from: number, to: number) => {
    beforeEdit?.call(editor, editor.line, editor.cursor);
    editor.line = editor.line.slice(0, from) + editor.line.slice(to);
    editor.cursor = from;
    refresh();
  };
  const deleteLeft = readlineInternal(rl, "_deleteLeft");
  if (deleteLeft !== undefined)
    overrideInternal(rl, deleteLeft.key, function (this: Editor) {
      if (this.cursor > 0) cut(unitStart(this.line, this.cursor - 1), this.cursor);
    });
  const deleteRight = readlineInternal(rl, "_deleteRight");
  if (deleteRight !== undefined)
    overrideInternal(rl, deleteRight.key, function (this: Editor) {
      if (this.cursor < this.line.length) cut(this.cursor, unitEnd(this.line, this.cursor + 1));
    });
}

/** readline's line buffer, which the type declarations mark read-only. */
interface Editor {
  line: string;
  cursor: number;
}

const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** The start of the grapheme cluster `at` (a UTF-16 offset) is in: `at` itself when it is one's start. */
export function clusterStart(line: string, at: number): number {
  if (at <= 0) return 0;
  if (at >= line.length) return line.length;
  return segmenter.segment(line).containing(at)?.index ?? at;
}

/** The end of the grapheme cluster that `at` is inside of: `at` itself when a cluster starts there. */
export function clusterEnd(line: string, at: number): number {
  if (at <= 0) return 0;
  if (at >= line.length) return line.length;
  const segment = segmenter.segment(line).containing(at);
  if (segment === undefined || segment.index === at) return at;
  return segment.index + segment.segment.length;
}
