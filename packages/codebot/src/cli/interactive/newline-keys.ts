import type readline from "node:readline";

/** What node's keypress parser reports for a key. */
export interface Key {
  name?: string;
  ctrl?: boolean;
  meta?: boolean;
  code?: string;
  /** The bytes the terminal sent for it (`\x1b[31m`, `\x03`). */
  sequence?: string;
}

/**
 * Keys that put a line break into the prompt instead of sending it: Alt+Enter (ESC CR, or ESC LF),
 * and Shift+Enter where the terminal sends it as a sequence of its own — CSI 13;2u (the kitty
 * keyboard protocol, and terminals set up to send it) or CSI 27;2;13~ (xterm's modifyOtherKeys).
 * A plain Enter is all most terminals send for Shift+Enter; a trailing `\` works everywhere.
 */
export class NewlineKeys {
  /** Node's parser cuts CSI 27;m;code~ after its second `;` and readline types the rest into the line. */
  private split: string | undefined;

  constructor(private readonly rl: readline.Interface) {}

  /** Told each key after readline handled it: true when the key asks for a line break. */
  isNewline(text: string | undefined, key: Key | undefined): boolean {
    if (key === undefined) return false;
    if (this.split !== undefined) {
      // A character of the cut sequence, which readline typed: take it back out.
      this.rl.write(null, { name: "backspace" });
      this.split += text ?? "";
      if (text !== "~" && this.split.length < 8) return false;
      const code = this.split;
      this.split = undefined;
      return code === "13~";
    }
    if (/^\[27;\d+;$/.test(key.code ?? "")) {
      this.split = "";
      return false;
    }
    if (key.meta === true && (key.name === "return" || key.name === "enter")) return true;
    return /^\[13;\d+u$/.test(key.code ?? "");
  }
}
