import type readline from "node:readline";

/**
 * With `TERM=dumb` node's readline swaps its key handler for one that only types and sends: no
 * ←/→, no Ctrl+A/E, no history, Ctrl+C not clearing the line — while the session still draws its
 * prompt, status and spinner with cursor moves. claude 2.1.328 edits its prompt as in any
 * terminal under `TERM=dumb` (recorded in tmux: ← then a key typed it before the last character),
 * and so does codebot: readline's own handler is put back (node sets the swap on the interface
 * itself, as `_ttyWrite`, over the prototype's).
 */
export function editEvenOnDumbTerminal(rl: readline.Interface): void {
  if (Object.hasOwn(rl, "_ttyWrite")) delete (rl as unknown as { _ttyWrite?: unknown })._ttyWrite;
}
