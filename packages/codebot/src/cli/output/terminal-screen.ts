import type { Screen } from "./session-view.js";
import type { Styles } from "./styles.js";

/**
 * A Screen on a stream. The status line exists only on a terminal: it is drawn without a newline,
 * cut to the terminal's width, and erased before anything else is written.
 */
export function terminalScreen(stream: NodeJS.WriteStream, s: Styles): Screen {
  let shown = false;
  // A terminal that hung up throws on write; the session must still get to close.
  const put = (text: string) => {
    try {
      if (stream.writable) stream.write(text);
    } catch {}
  };
  const erase = () => {
    if (shown) put("\r\x1b[K");
    shown = false;
  };
  return {
    write(text) {
      erase();
      put(text);
    },
    status(text) {
      if (!stream.isTTY) return;
      erase();
      if (text === "") return;
      const width = Math.max(10, (stream.columns ?? 80) - 1);
      const line = text.length > width ? `${text.slice(0, width - 1)}…` : text;
      put(s.dim(line));
      shown = true;
    },
  };
}
