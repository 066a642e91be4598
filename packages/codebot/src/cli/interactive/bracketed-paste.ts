import fs from "node:fs";
import type readline from "node:readline";
import { terminalSafe } from "../output/terminal-safe.js";
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
 *
 * A paste is text, never keys: what it holds besides its text and breaks — a Ctrl+C or Ctrl+D
 * byte, a backspace, an escape sequence (a colour, a window title) copied from a terminal — is
 * dropped, as claude 2.1.328 drops it (recorded in tmux). As keys, two Ctrl+C bytes in a paste
 * quit the session and a backspace deleted what was typed. So it is made before every other part
 * that wraps readline's key handler (the Ctrl+D quit, the history search) has wrapped it, and sees
 * each key first.
 */
export class BracketedPaste {
  private inPaste = false;
  /** Pasted text not yet given to readline, its line breaks as `\n`. */
  private pending = "";
  /** The last key pasted was a return: an enter right after it is the same break (`\r\n`). */
  private afterReturn = false;
  /** Whether readline's key handler takes the paste whole (else its breaks reach readline as keys). */
  private gathers = false;

  /** Between the terminal's paste-start and paste-end: a key now is pasted text, not a key. */
  get pasting(): boolean {
    return this.inPaste;
  }

  constructor(
    input: NodeJS.ReadStream,
    private readonly output: NodeJS.WriteStream,
    /** Called, before readline ends the line, for each line break inside a paste. */
    private readonly onPastedBreak: () => void,
    rl?: readline.Interface,
    /** Folds a large paste into the placeholder the prompt shows instead, and expands one pasted again. */
    private readonly folds?: PastedTexts,
  ) {
    output.write(ON);
    // Ctrl+Z: the shell gets the terminal as it had it (bash turns the mode off itself to run a
    // job, so after `fg` a paste sent each of its lines as a prompt); back, the mode is on again.
    process.on("SIGCONT", () => output.write(ON));
    process.on("exit", () => {
      try {
        fs.writeSync((output as NodeJS.WriteStream & { fd: number }).fd, OFF);
      } catch {
        // The terminal is gone.
      }
    });
    // Before readline's own listener: it ends the line on the break it is given.
    input.prependListener("keypress", (_text: string | undefined, key: Key | undefined) => {
      if (key?.name === "paste-start") this.inPaste = true;
      else if (key?.name === "paste-end") this.inPaste = false;
      else if (this.inPaste && !this.gathers && isBreak(key)) onPastedBreak();
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
    // The handler in force now, with what other parts wrapped around readline's own.
    const current = (rl as unknown as Record<symbol, unknown>)[handler.key];
    if (typeof current !== "function") return;
    const original = current as (text: string | undefined, key: Key | undefined) => void;
    const editor = rl as unknown as { line: string; cursor: number };
    const beforeEdit = readlineInternal(rl, "_beforeEdit")?.method as
      | ((line: string, cursor: number) => void)
      | undefined;
    const flush = () => {
      // The paste's escape sequences whole (an OSC title's text too) and its other controls.
      const text = terminalSafe(this.pending);
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
      if (this.inPaste && isBreak(key)) {
        if (!(key?.name === "enter" && this.afterReturn)) this.pending += "\n";
        this.afterReturn = key?.name === "return";
        return;
      }
      if (this.inPaste) {
        // As the terminal sent it (an escape sequence whole, a control byte), cleaned at the flush.
        this.pending += key?.sequence ?? text ?? "";
        this.afterReturn = false;
        return;
      }
      flush();
      if (key?.ctrl === true && key.name === "z") this.output.write(OFF);
      original.call(rl, text, key);
    });
  }
}

function isBreak(key: Key | undefined): boolean {
  return key?.name === "return" || key?.name === "enter";
}
