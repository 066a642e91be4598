const TO_LEFT_EDGE = "\x1b[1G";
const ERASE_BELOW = "\x1b[0J";
/**
 * Erases the cursor's row and every row below it, as `\r ESC[J` does, but never from the screen's
 * top-left corner: from the second column down, then the row's first cell. codebot's own erases
 * (the prompt leaving for a turn, a line printed above it) use it: after Ctrl+L, or in a terminal
 * of a few rows, the prompt is on the top row.
 */
export const ERASE_ROW_AND_BELOW = "\x1b[2G\x1b[0J\x1b[1G\x1b[K";

/**
 * readline redraws its line from the left edge of the prompt's first row, erasing everything
 * below (`ESC[1G`, then `ESC[0J`, two writes). When the terminal was narrowed and the prompt's
 * first rows went into the scrollback, that climb stops at the screen's top row, and tmux (its
 * `scroll-on-clear`, on by default) takes an erase from the top-left corner for a clear screen:
 * it pushed the whole screen — the prompt and the status under it — into the scrollback, a copy
 * that stayed above the prompt. The erase is given so that it never starts at that corner.
 * `previous` is the write before `chunk`: readline's Ctrl+L (`ESC[1;1H` first) still clears the
 * screen as the terminal clears it.
 */
export function eraseBelowKeepingScrollback(previous: string, chunk: string): string {
  return previous === TO_LEFT_EDGE && chunk === ERASE_BELOW ? ERASE_ROW_AND_BELOW : chunk;
}
