import fs from "node:fs";
import type { Key } from "./newline-keys.js";

const ON = "\x1b[?2004h";
const OFF = "\x1b[?2004l";

/**
 * Bracketed paste: the terminal marks pasted text (ESC [200~ … ESC [201~, which node's keypress
 * parser reports as `paste-start` and `paste-end`), so a line break inside a paste is a line of
 * the prompt, not an Enter that sends it — a pasted stack trace is one prompt, not one per line.
 * Turned on for the session and off at any exit (the shell after it has its own).
 */
export class BracketedPaste {
  private pasting = false;

  constructor(
    input: NodeJS.ReadStream,
    output: NodeJS.WriteStream,
    /** Called, before readline ends the line, for each line break inside a paste. */
    onPastedBreak: () => void,
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
  }
}
