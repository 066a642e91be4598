import type readline from "node:readline";
import { stripVTControlCharacters } from "node:util";
import { measuredUnits } from "../output/columns.js";
import { overrideInternal, readlineInternal } from "./readline-internals.js";

/**
 * readline measures the line being typed with Node's own widths, code point by code point: an
 * emoji joined by U+200D (👩‍💻) counted 4 columns where the terminal draws 2, so the cursor stood
 * past the text's end and the line wrapped where the terminal did not. This makes readline
 * measure as codebot does everywhere else (columnsOf): its cursor moves, redraws and row counts
 * (getCursorPos, endOfText) then match what is drawn.
 *
 * Node keeps the measure under a symbol (`_getDisplayPos`, which getCursorPos and its redraw
 * call); where it is not found readline is left as it is.
 */
export function measureAsTerminal(rl: readline.Interface): void {
  const measure = readlineInternal(rl, "_getDisplayPos");
  if (measure === undefined) return;
  const state = rl as unknown as { columns: number; tabSize?: number };
  overrideInternal(rl, measure.key, (text: string) => displayPos(text, state.columns, state.tabSize ?? 8));
}

/** Where `text` drawn from a row's start ends: readline's rule (a wide character that does not fit at a row's end goes to the next), codebot's widths. */
function displayPos(text: string, width: number, tabSize: number): { rows: number; cols: number } {
  let offset = 0;
  let rows = 0;
  for (const unit of measuredUnits(stripVTControlCharacters(text))) {
    if (unit.text === "\n") {
      rows += Math.ceil(offset / width) || 1;
      offset = 0;
    } else if (unit.text === "\t") offset += tabSize - (offset % tabSize);
    else if (unit.columns === 2 && (offset + 1) % width === 0) offset += 3;
    else offset += unit.columns;
  }
  const cols = offset % width;
  return { cols, rows: rows + (offset - cols) / width };
}

/**
 * readline writes a typed character on its own after the ones before it; a terminal that got an
 * emoji's joiner and the emoji after it in separate writes draws the two apart (tmux: 4 columns
 * for 👩‍💻), not as measured. After a character typed right after a joiner the line is drawn
 * again, whole, in one write, so the terminal joins them.
 */
export function redrawAfterJoiner(rl: readline.Interface): void {
  const before = rl.line.slice(0, rl.cursor);
  const last = Array.from(before.slice(-3));
  if (last.length < 2 || last.at(-2) !== "\u200d") return;
  (rl as unknown as { _refreshLine(): void })._refreshLine();
}
