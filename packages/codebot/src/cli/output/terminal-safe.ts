/**
 * Text from a model, a tool, a hook or a settings file, made harmless for the terminal it is
 * printed on (issue 16, item 7): every escape sequence is dropped whole — CSI (`ESC [ … m`, cursor
 * moves, `ESC [8m` concealed text), OSC (`ESC ] 52 ; …` clipboard writes, `ESC ] 0 ; …` window
 * titles, hyperlinks) and the other string sequences (DCS, SOS, PM, APC) up to their terminator —
 * as are C1 controls and C0 controls except newline and tab. A carriage return is dropped too (it
 * could paint over what was printed); `\r\n` keeps its newline.
 *
 * Streaming: a sequence may be split across chunks (the model's text arrives in deltas), so the
 * filter keeps its state between `push` calls and never lets the tail of a sequence through.
 */
export class TerminalSafeFilter {
  private state: "text" | "esc" | "csi" | "string" | "string-esc" = "text";
  /** The parameters of the `ESC [` sequence read so far (`1;31`); undefined after a C1 CSI. */
  private sequence: string | undefined = "";

  /** `keepColours`: SGR sequences (`ESC [ … m`, colours and bold) pass; every other one is still dropped. */
  constructor(private readonly keepColours = false) {}

  push(chunk: string): string {
    let out = "";
    for (const ch of chunk) {
      const code = ch.codePointAt(0) ?? 0;
      switch (this.state) {
        case "text":
          if (code === 0x1b) this.state = "esc";
          else if (code === 0x9b) {
            this.state = "csi";
            this.sequence = undefined;
          } else if (code === 0x9d || code === 0x90 || code === 0x98 || code === 0x9e || code === 0x9f)
            this.state = "string";
          else if (isAllowed(code)) out += ch;
          break;
        case "esc":
          if (ch === "[") {
            this.state = "csi";
            this.sequence = "";
          } else if (ch === "]" || ch === "P" || ch === "X" || ch === "^" || ch === "_")
            this.state = "string";
          // `ESC ( B` and friends: one intermediate byte, then the final one.
          else if (code >= 0x20 && code <= 0x2f) this.state = "esc";
          else this.state = "text";
          break;
        case "csi":
          // Parameters and intermediates (0x20–0x3f) until a final byte (0x40–0x7e).
          if (code >= 0x40 && code <= 0x7e) {
            this.state = "text";
            const sgr = this.keepColours && ch === "m" && this.sequence !== undefined;
            if (sgr && /^[0-9;]*$/.test(this.sequence ?? "")) out += `\x1b[${this.sequence}m`;
          } else if (code >= 0x20 && code <= 0x3f && this.sequence !== undefined) this.sequence += ch;
          else if (code < 0x20 || code > 0x7e) {
            // Not a CSI after all: it ends here, and a newline or tab is kept.
            this.state = "text";
            if (isAllowed(code)) out += ch;
          }
          break;
        case "string":
          // Terminated by BEL or ST (`ESC \` or 0x9c); everything in between is dropped.
          if (code === 0x07 || code === 0x9c) this.state = "text";
          else if (code === 0x1b) this.state = "string-esc";
          break;
        case "string-esc":
          this.state = ch === "\\" ? "text" : "string";
          break;
      }
    }
    return out;
  }
}

/** `text` with every control sequence removed (one piece of text, not a stream); `keepColours` keeps SGR ones. */
export function terminalSafe(text: string, keepColours = false): string {
  return new TerminalSafeFilter(keepColours).push(text);
}

function isAllowed(code: number): boolean {
  if (code === 0x0a || code === 0x09) return true;
  return !(code < 0x20 || (code >= 0x7f && code <= 0x9f));
}
