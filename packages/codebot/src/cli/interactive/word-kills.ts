import type readline from "node:readline";
import { overrideInternal, readlineInternal } from "./readline-internals.js";

/**
 * readline's Ctrl+U and Ctrl+K put what they delete in its kill ring, for Ctrl+Y (and Alt+Y) to
 * put back, but its word deletes — Ctrl+W, Alt+Backspace, Alt+D, Ctrl+Delete — do not: Ctrl+W
 * then Ctrl+Y brought nothing back. This puts them there too, as claude 2.1.328's prompt does
 * (recorded in tmux), and as a shell does: a word deleted right after another, with nothing done
 * between (the line and the cursor as that delete left them), joins it, so Ctrl+W twice then
 * Ctrl+Y brings both words back.
 *
 * Node keeps the deletes, the ring and its push under symbols (`_deleteWordLeft`,
 * `_deleteWordRight`, `_killRing`, `_pushToKillRing`); without one, readline is left as it is.
 */
export function killWords(rl: readline.Interface): void {
  const push = readlineInternal(rl, "_pushToKillRing")?.method as ((text: string) => void) | undefined;
  const ringKey = Object.getOwnPropertySymbols(rl).find((s) => s.description === "_killRing");
  if (push === undefined || ringKey === undefined) return;
  /** The line and cursor the last word delete left: a delete starting from them joins it. */
  let left: { line: string; cursor: number } | undefined;
  const wrap = (name: string, side: "before" | "after") => {
    const found = readlineInternal(rl, name);
    if (found === undefined) return;
    const original = found.method as () => void;
    overrideInternal(rl, found.key, function (this: Editor) {
      const { line, cursor } = this;
      const joins = left !== undefined && left.line === line && left.cursor === cursor;
      original.call(this);
      const from = side === "before" ? this.cursor : cursor;
      const removed = line.slice(from, from + line.length - this.line.length);
      if (removed === "") return;
      left = { line: this.line, cursor: this.cursor };
      const ring = (this as unknown as Record<symbol, string[] | undefined>)[ringKey];
      if (joins && ring !== undefined && ring.length > 0)
        ring[0] = side === "before" ? `${removed}${ring[0]}` : `${ring[0]}${removed}`;
      else push.call(this, removed);
    });
  };
  wrap("_deleteWordLeft", "before");
  wrap("_deleteWordRight", "after");
}

/** readline's line buffer, which the type declarations mark read-only. */
interface Editor {
  line: string;
  cursor: number;
}
