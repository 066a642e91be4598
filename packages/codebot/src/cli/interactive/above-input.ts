import type readline from "node:readline";
import type { Screen } from "../output/session-view.js";
import { ERASE_ROW_AND_BELOW } from "./erase-below.js";
import { onFreshRow } from "./readline-rows.js";

/** The input line as `aboveInput` needs it. */
export interface InputLine {
  /** The idle prompt, or a question waiting for its key, is on screen now. */
  shown(): boolean;
  /** The rows above it that belong to it: the lines sent so far of a prompt of several lines. */
  rowsAbove(): number;
  /** Draws it again (those lines, and the status under it) as it was, the cursor where it was. */
  redraw(): void;
}

/**
 * The session view's screen for an interactive terminal: what is printed while the input line is
 * on screen — a Notification hook's line as a question opens, an idle_prompt hook's while the user
 * types — goes above it. The input's rows (and the status row under them) are erased first and
 * drawn again after, so the line never lands inside the question or the text being typed, and
 * the question is still there, whole, to be answered. The lines of a prompt of several lines
 * already sent (`first line\\`) are erased and drawn again too: the text goes above the whole prompt.
 */
export function aboveInput(screen: Screen, rl: readline.Interface, input: InputLine): Screen {
  return {
    write(text) {
      if (!input.shown()) return screen.write(text);
      // The cursor may be on a lower row of a wrapped input: go up to its first row, clear down.
      const up = rl.getCursorPos().rows + input.rowsAbove();
      screen.write(`${up > 0 ? `\x1b[${up}A` : ""}${ERASE_ROW_AND_BELOW}${text}`);
      // The input is drawn again under the text, not from the row it started on before.
      onFreshRow(rl);
      input.redraw();
    },
    status: (text, typed) => screen.status(text, typed),
  };
}
