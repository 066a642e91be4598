import { columnsOf, cutStartToColumns, cutToColumns } from "./columns.js";
import type { Screen } from "./session-view.js";
import type { Styles } from "./styles.js";

/**
 * A Screen on a stream. The status line exists only on a terminal: it is drawn without a newline,
 * cut to the terminal's width (in columns: a row that wrapped would not be erased whole), and erased before anything else is written. What the user is typing
 * meanwhile goes on a row under it, cut at its start: its end, where the cursor is, stays in view.
 * `still` (screen-reader mode): a status the same as the one on screen is not drawn again, so a
 * screen reader does not read it out again.
 */
export function terminalScreen(stream: NodeJS.WriteStream, s: Styles, still = false): Screen {
  // A terminal that hung up throws on write; the session must still get to close.
  const put = (text: string) => {
    try {
      if (stream.writable) stream.write(text);
    } catch {}
  };
  /** The columns of each row the status drew (none: nothing shown); the cursor is at the end of the last one. */
  let shown: number[] = [];
  /** The rows drawn last, while they are on screen (`still` only). */
  let drawn = "";
  const erase = () => {
    // Counted at the width now: a terminal narrowed since (most rewrap their lines then) made a
    // row drawn at the old width into several, and the first of them stayed in the scrollback.
    const width = Math.max(1, stream.columns ?? 80);
    const rows = shown.reduce((sum, columns) => sum + Math.max(1, Math.ceil(columns / width)), 0);
    if (rows > 1) put(`\r\x1b[${rows - 1}A\x1b[J`);
    else if (rows === 1) put("\r\x1b[K");
    shown = [];
    drawn = "";
  };
  return {
    write(text) {
      erase();
      put(text);
    },
    status(text, typed = "") {
      if (!stream.isTTY) return;
      const same = `${text}\n${typed}`;
      if (still && shown.length > 0 && drawn === same) return;
      erase();
      const width = Math.max(10, (stream.columns ?? 80) - 1);
      const rows = [
        ...(text === "" ? [] : [s.dim(cutToColumns(text, width))]),
        ...(typed === "" ? [] : [cutStartToColumns(typed, width)]),
      ];
      if (rows.length === 0) return;
      put(rows.join("\n"));
      shown = rows.map(columnsOf);
      drawn = same;
    },
  };
}
