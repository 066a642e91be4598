import type readline from "node:readline";

/**
 * Before it redraws its line readline climbs `prevRows` rows — the cursor's row, counted from
 * the prompt's first row, when it last drew — and clears everything below. Node keeps that count
 * only for what it drew whole: text it writes straight on at the end of the line (a paste) can
 * wrap onto new rows without it.
 */
interface RowCount {
  prevRows: number;
}

/** readline's measure of text it draws (Node's `Interface#_getDisplayPos`, which getCursorPos uses). */
interface DisplayPos {
  _getDisplayPos(text: string): { rows: number; cols: number };
}

/**
 * Where `text` drawn from a row's start ends, as readline measures it: wide characters take two
 * columns, and one that does not fit at a row's end goes to the next.
 */
export function endOfText(rl: readline.Interface, text: string): { rows: number; cols: number } {
  return (rl as unknown as DisplayPos)._getDisplayPos(text);
}

/** After readline handled a key, on screen: the count is where its cursor now is (a paste that wrapped included). */
export function syncRows(rl: readline.Interface): void {
  (rl as unknown as RowCount).prevRows = rl.getCursorPos().rows;
}

/**
 * The cursor is at the start of a fresh row under what codebot printed itself — a question
 * answered by one key, lines put above the input: readline's next redraw starts there, rather
 * than climbing over (and erasing) what was printed.
 */
export function onFreshRow(rl: readline.Interface): void {
  (rl as unknown as RowCount).prevRows = 0;
}

/**
 * Enter was pressed in what readline drew: it has moved the cursor to a fresh row under it. Its
 * next redraw climbs back over that row too, and draws in place of what was there (a list question
 * redrawn, or closed to one line), rather than under it.
 */
export function backOverEnter(rl: readline.Interface): void {
  (rl as unknown as RowCount).prevRows = rl.getCursorPos().rows + 1;
}
