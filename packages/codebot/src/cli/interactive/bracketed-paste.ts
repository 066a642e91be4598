import fs from "node:fs";
import type readline from "node:readline";
import type { Key } from "./newline-keys.js";
import type { PastedTexts } from "./pasted-texts.js";
import { overrideInternal, readlineInternal } from "./readline-internals.js";

const ON = "\x1b[?2004h";
const OFF = "\x1b[?2004l";

/**
 * Bracketed paste: the terminal marks pasted text (ESC [200~ … ESC [201~, which node's keypress
 * parser reports as `paste-start` and `paste-end`), so a line break inside a paste is a line of
 * the prompt, not an Enter that sends it — a pasted stack trace is one prompt, not one per line.
 * Turned on for the session and off at any exit (the shell after it has its own).
 *
 * The text of a pasted line goes into readline's line in one piece (at its break, or at the
 * paste's end): readline takes it key by key, measuring the whole line again at each, and a
 * pasted line of 100 000 characters (a minified file, a log line) took minutes to appear, the
 * session deaf meanwhile. A large paste goes in as its placeholder instead (PastedTexts), so
 * its breaks are gathered with its text, not given to readline as they come.
 */
export class BracketedPaste {
  private pasting = false;
  /** Pasted text not yet given to readline, its line breaks as `\n`. */
  private pending = "";
  /** The last key pasted was a return: an enter right after it is the same break (`\r\n`). */
  private afterReturn = false;
  /** Whether readline's key handler takes the paste whole (else its breaks reach readline as keys). */
  private gathers = false;

  constructor(
    input: NodeJS.ReadStream,
    output: NodeJS.WriteStream,
    /** Called, before readline ends the line, for each line break inside a paste. */
    private readonly onPastedBreak: () => void,
    rl?: readline.Interface,
    /** Folds a large paste into the placeholder the prompt shows instead, and expands one pasted again. */
    private readonly folds?: PastedTexts,
  ) {
    output.write(ON);
    process.on("exit", () => {
      try {
        fs.writeSync((output as NodeJS.WriteStream & { fd: number }).fd, OFF);
      } catch {
        // The terminal is gone.
      }
    });
    // Before readline's own listener: it ends the line on the break it is given.
    input.prependListener("keypress", (_text: string | undefined, key: Key | undefined) => {
      if (key?.name === "paste-start") this.pasting = true;
      else if (key?.name === "paste-end") this.pasting = false;
      else if (this.pasting && !this.gathers && isBreak(key)) onPastedBreak();
    });
    if (rl !== undefined) this.insertWhole(rl);
  }

  /**
   * readline's key handler, for this interface: a paste's characters and breaks are gathered,
   * then given at once — or, past the size claude folds at, its placeholder.
   */
  private insertWhole(rl: readline.Interface): void {
    const handler = readlineInternal(rl, "_ttyWrite");
    if (handler === undefined) return;
    this.gathers = true;
    const original = handler.method as (text: string | undefined, key: Key | undefined) => void;
    const editor = rl as unknown as { line: string; cursor: number };
    const beforeEdit = readlineInternal(rl, "_beforeEdit")?.method as
      | ((line: string, cursor: number) => void)
      | undefined;
    const flush = () => {
      const text = this.pending;
      this.pending = "";
      this.afterReturn = false;
      if (text === "") return;
      const unfolded = this.folds?.unfold(editor.line, text);
      if (unfolded !== undefined) {
        beforeEdit?.call(rl, editor.line, editor.cursor);
        editor.line = unfolded.line;
        editor.cursor = unfolded.cursor;
        return (rl as unknown as { _refreshLine(): void })._refreshLine();
      }
      const placeholder = this.folds?.fold(text);
      // As a key without a name: readline inserts its text (its default case).
      if (placeholder !== undefined) return original.call(rl, placeholder, {});
      text.split("\n").forEach((line, i) => {
        if (i > 0) {
          this.onPastedBreak();
          original.call(rl, "\r", { name: "return" });
        }
        if (line !== "") original.call(rl, line, {});
      });
    };
    overrideInternal(rl, handler.key, (text: string | undefined, key: Key | undefined) => {
      if (this.pasting && isBreak(key)) {
        if (!(key?.name === "enter" && this.afterReturn)) this.pending += "\n";
        this.afterReturn = key?.name === "return";
        return;
      }
      if (this.pasting && isText(text, key)) {
        this.pending += text;
        this.afterReturn = false;
        return;
      }
      flush();
      original.call(rl, text, key);
    });
  }
}

function isBreak(key: Key | undefined): boolean {
  return key?.name === "return" || key?.name === "enter";
}

/** A key that only types its text: not a line break, nor a key with Ctrl or Alt. */
function isText(text: string | undefined, key: (Key & { ctrl?: boolean }) | undefined): text is string {
  if (text === undefined || text === "" || key?.ctrl === true || key?.meta === true) return false;
  if (isBreak(key) || key?.name === "backspace") return false;
  return !text.includes("\r") && !text.includes("\n");
}
