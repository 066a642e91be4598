import type { Styles } from "../output/styles.js";
import { terminalSafe } from "../output/terminal-safe.js";

/** A notice longer than this many lines shows its first ones and how many more there were. */
export const NOTICE_LINES = 8;

/**
 * A notice as the interactive session shows it (docs/cli.md): in yellow, without the `codebot: `
 * prefix it has where it is one line among a program's stderr (`-p`) — on every line of it. The
 * session's screen is codebot's own, and its other notices (`interrupted`, `closing: waiting
 * for …`) never had the prefix. Control sequences are removed: a notice may quote a repository's files.
 * At most NOTICE_LINES lines: a failing hook's notice quotes its stderr, which may be hundreds of short lines.
 */
export function sessionNotice(message: string, s: Styles): string {
  const lines = terminalSafe(message.replace(/^codebot: /gm, "")).split("\n");
  const shown =
    lines.length <= NOTICE_LINES
      ? lines
      : [...lines.slice(0, NOTICE_LINES - 1), `… ${lines.length - NOTICE_LINES + 1} more lines`];
  return s.yellow(shown.join("\n"));
}
