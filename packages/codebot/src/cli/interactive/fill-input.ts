import type readline from "node:readline";

/**
 * Puts `text` in the input as ↑ puts back a prompt of the history: whole, its line breaks kept,
 * the cursor at its end. Typed in instead (`rl.write`), each line break would be an Enter sending
 * the lines before it — a prompt of several lines went back in as nothing.
 */
export function fillInput(rl: readline.Interface, text: string): void {
  const editor = rl as unknown as { line: string; cursor: number; _refreshLine(): void };
  editor.line = text;
  editor.cursor = text.length;
  editor._refreshLine();
}
