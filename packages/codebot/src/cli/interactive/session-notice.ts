import type { Styles } from "../output/styles.js";
import { terminalSafe } from "../output/terminal-safe.js";

/**
 * A notice as the interactive session shows it (docs/cli.md): in yellow, without the `codebot: `
 * prefix it has where it is one line among a program's stderr (`-p`) — on every line of it. The
 * session's screen is codebot's own, and its other notices (`interrupted`, `closing: waiting
 * for …`) never had the prefix. Control sequences are removed: a notice may quote a repository's files.
 */
export function sessionNotice(message: string, s: Styles): string {
  return s.yellow(terminalSafe(message.replace(/^codebot: /gm, "")));
}
