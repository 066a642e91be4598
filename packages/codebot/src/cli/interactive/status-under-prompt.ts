import type readline from "node:readline";
import { cutToColumns } from "../output/columns.js";
import { ERASE_ROW_AND_BELOW } from "./erase-below.js";
import { endOfText } from "./readline-rows.js";

/** Rows of the terminal a status never takes: the prompt's, and some of what was printed above it. */
const ROWS_KEPT = 3;
const RESET = "\x1b[0m";

/**
 * The session's status (model, context, tokens, cost; or the lines of the user's statusLine) on
 * the rows under the prompt, on a terminal while it waits for input. readline erases everything
 * below the input when it redraws it, so the status is drawn again after every key; pressing Enter
 * moves onto its first row, which `erase()` clears, with those below, before anything is printed
 * there.
 */
export class StatusUnderPrompt {
  /** The rows the status takes on screen now (0: not shown). */
  private shown = 0;

  constructor(
    /** readline edits the line on a terminal (stdin and stdout): only then is there a row under it. */
    private readonly terminal: boolean,
    private readonly out: NodeJS.WriteStream,
    private readonly rl: readline.Interface,
    private readonly prompt: () => string,
    /** The status's lines, styled; each is cut to the terminal's width. */
    private readonly lines: () => string[],
  ) {}

  /** Draws the status under the input, the cursor staying where it is. */
  draw(): void {
    if (!this.terminal) return;
    const columns = Math.max(10, this.out.columns ?? 80);
    const cursor = this.rl.getCursorPos();
    // The input's last row (relative to the prompt's), measured as readline measures it (wide
    // characters take two columns; one that does not fit at a row's end goes to the next); the
    // status goes on the row after it. Counted in characters, a wrapped Chinese line put the
    // status over its own second row.
    const end = endOfText(this.rl, `${this.prompt()}${this.rl.line}`);
    const toEnd = Math.max(0, end.rows - cursor.rows);
    const rows = Math.max(1, (this.out.rows ?? 24) - ROWS_KEPT - toEnd);
    const status = this.lines()
      .slice(0, rows)
      .map((line) => {
        const cut = cutToColumns(line, columns - 1);
        // A line's own colours end with it (cutToColumns resets only the lines it cut).
        return `\r\n\x1b[2K${cut}${cut.includes("\x1b") && !cut.endsWith(RESET) ? RESET : ""}`;
      });
    // After the input's end its last row is cleared: readline writes a paste straight on, and one
    // that wrapped onto the status's row left the rest of the status there, as if typed.
    const clearAfterEnd = `${"\r\n".repeat(toEnd)}\x1b[${end.cols + 1}G\x1b[K`;
    // "\r\n" scrolls when the input is on the terminal's last row; moving back up is relative, so
    // it stays right. Below the last row is cleared: a status of fewer rows than the last one.
    this.put(
      `${clearAfterEnd}${status.join("")}\x1b[J\x1b[${toEnd + status.length}A\x1b[${cursor.cols + 1}G`,
    );
    this.shown = status.length;
  }

  /** The rows it takes under the input now (0 when not shown). */
  get rows(): number {
    return this.shown;
  }

  /** After Enter, the cursor is on the status's first row: clears it and those below for what comes next. */
  erase(): void {
    if (this.shown === 0) return;
    this.shown = 0;
    this.put(ERASE_ROW_AND_BELOW);
  }

  private put(text: string): void {
    try {
      if (this.out.writable) this.out.write(text);
    } catch {
      // A terminal that hung up: the session's close path deals with it.
    }
  }
}
