import type readline from "node:readline";
import { terminalSafe } from "../output/terminal-safe.js";

/**
 * Puts `text` in the input as ↑ puts back a prompt of the history: whole, its line breaks kept,
 * the cursor at its end. Typed in instead (`rl.write`), each line break would be an Enter sending
 * the lines before it — a prompt of several lines went back in as nothing. Terminal-safe, as the
 * history's entries are: readline draws the line raw, and `/rewind` gives back a prompt of the
 * transcript, which may be a command line's `$(git log -1)` hiding an OSC 52 clipboard write.
 */
export function fillInput(rl: readline.Interface, raw: string): void {
  const text = terminalSafe(raw);
  const editor = rl as unknown as { line: string; cursor: number; _refreshLine(): void };
  editor.line = text;
  editor.cursor = text.length;
  editor._refreshLine();
}
