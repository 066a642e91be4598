import fs from "node:fs";
import type readline from "node:readline";
import type { Key } from "./newline-keys.js";
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
 * session deaf meanwhile.
 */
export class BracketedPaste {
  private pasting = false;
  /** Pasted text not yet given to readline. */
  private pending = "";

  constructor(
    input: NodeJS.ReadStream,
    output: NodeJS.WriteStream,
    /** Called, before readline ends the line, for each line break inside a paste. */
    onPastedBreak: () => void,
    rl?: readline.Interface,
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
      else if (this.pasting && (key?.name === "return" || key?.name === "enter")) onPastedBreak();
    });
    if (rl !== undefined) this.insertWhole(rl);
  }

  /** readline's key handler, for this interface: a paste's characters are gathered, then given at once. */
  private insertWhole(rl: readline.Interface): void {
    const handler = readlineInternal(rl, "_ttyWrite");
    if (handler === undefined) return;
    const original = handler.method as (text: string | undefined, key: Key | undefined) => void;
    const flush = () => {
      const text = this.pending;
      this.pending = "";
      // As a key without a name: readline inserts its text (its default case).
      if (text !== "") original.call(rl, text, {});
    };
    overrideInternal(rl, handler.key, (text: string | undefined, key: Key | undefined) => {
      if (this.pasting && isText(text, key)) {
        this.pending += text;
        return;
      }
      flush();
      original.call(rl, text, key);
    });
  }
}

/** A key that only types its text: not a line break, nor a key with Ctrl or Alt. */
function isText(text: string | undefined, key: (Key & { ctrl?: boolean }) | undefined): text is string {
  if (text === undefined || text === "" || key?.ctrl === true || key?.meta === true) return false;
  if (key?.name === "return" || key?.name === "enter" || key?.name === "backspace") return false;
  return !text.includes("\r") && !text.includes("\n");
}
