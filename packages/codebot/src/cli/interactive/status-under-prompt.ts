import type readline from "node:readline";
import { cutToColumns } from "../output/columns.js";
import type { Styles } from "../output/styles.js";

/** readline's measure of text it draws (Node's `Interface#_getDisplayPos`, which getCursorPos uses). */
interface DisplayPos {
  _getDisplayPos(text: string): { rows: number; cols: number };
}

/**
 * The session's status (model, context, tokens, cost) on the row under the prompt, on a terminal
 * while it waits for input. readline erases everything below the input when it redraws it, so the
 * status is drawn again after every key; pressing Enter moves onto its row, which `erase()` clears
 * before anything is printed there.
 */
export class StatusUnderPrompt {
  private shown = false;

  constructor(
    /** readline edits the line on a terminal (stdin and stdout): only then is there a row under it. */
    private readonly terminal: boolean,
    private readonly out: NodeJS.WriteStream,
    private readonly rl: readline.Interface,
    private readonly prompt: () => string,
    private readonly text: () => string,
    private readonly s: Styles,
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
    const end = (this.rl as unknown as DisplayPos)._getDisplayPos(`${this.prompt()}${this.rl.line}`);
    const toEnd = Math.max(0, end.rows - cursor.rows);
    const status = cutToColumns(this.text(), columns - 1);
    // After the input's end its last row is cleared: readline writes a paste straight on, and one
    // that wrapped onto the status's row left the rest of the status there, as if typed.
    const clearAfterEnd = `${"\r\n".repeat(toEnd)}\x1b[${end.cols + 1}G\x1b[K`;
    // "\r\n" scrolls when the input is on the terminal's last row; moving back up is relative, so it stays right.
    this.put(`${clearAfterEnd}\r\n\x1b[2K${this.s.dim(status)}\x1b[${toEnd + 1}A\x1b[${cursor.cols + 1}G`);
    this.shown = true;
  }

  /** After Enter, the cursor is on the status row: clears it for what comes next. */
  erase(): void {
    if (!this.shown) return;
    this.shown = false;
    this.put("\r\x1b[2K");
  }

  private put(text: string): void {
    try {
      if (this.out.writable) this.out.write(text);
    } catch {
      // A terminal that hung up: the session's close path deals with it.
    }
  }
}
