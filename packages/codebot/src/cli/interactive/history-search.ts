import type readline from "node:readline";
import { visible } from "../../approval/visible-text.js";
import type { Styles } from "../output/styles.js";
import { fillInput } from "./fill-input.js";
import type { Key } from "./newline-keys.js";
import { overrideInternal, readlineInternal } from "./readline-internals.js";

interface Pressed extends Key {
  ctrl?: boolean;
  sequence?: string;
}

/**
 * Ctrl+R at the prompt searches the prompt history (this and earlier sessions of the project), as
 * claude 2.1.328's does (recorded in tmux): the row under the prompt says `search prompts: <what
 * you typed>`, the prompt shows the newest prompt holding it, Ctrl+R again an older one (`no
 * matching prompt: …` when none is left), Enter sends it, Esc keeps it to edit, Ctrl+C puts back
 * what was typed before. Any other editing key (an arrow, Ctrl+A, Tab) keeps it and does its own
 * work, as a shell's search does.
 */
export class HistorySearch {
  /** What is searched for; undefined while no search goes on. */
  private query: string | undefined;
  /** The history entry the prompt shows (-1: none yet). */
  private at = -1;
  private found = true;
  /** The input before the search, for Ctrl+C. */
  private before = { line: "", cursor: 0 };

  constructor(
    private readonly rl: readline.Interface,
    private readonly s: Styles,
    /** The prompt waits for the user (no run, no question): Ctrl+R may start a search. */
    private readonly canStart: () => boolean,
  ) {}

  /** Takes readline's keys first: those of a search go to it. Where readline has no key handler to take, no search. */
  install(): void {
    const handler = readlineInternal(this.rl, "_ttyWrite");
    if (handler === undefined) return;
    // The handler in force now (another part may have wrapped readline's own already).
    const current = (
      this.rl as unknown as Record<symbol, (text: string | undefined, key: Pressed | undefined) => void>
    )[handler.key];
    if (typeof current !== "function") return;
    const own = current.bind(this.rl);
    overrideInternal(this.rl, handler.key, (text: string | undefined, key: Pressed | undefined) => {
      if (!this.take(text, key)) own(text, key);
    });
  }

  /** The row under the prompt while searching, in place of the status; undefined otherwise. */
  row(): string | undefined {
    if (this.query === undefined) return undefined;
    const label = this.found ? "search prompts:" : "no matching prompt:";
    return `${this.s.dim(label)} ${visible(this.query)}`;
  }

  /** True when the key was the search's. */
  private take(text: string | undefined, key: Pressed | undefined): boolean {
    const ctrlR = key?.ctrl === true && key.name === "r";
    if (this.query === undefined) {
      if (!ctrlR || !this.canStart()) return false;
      const editor = this.editor();
      this.before = { line: editor.line, cursor: editor.cursor };
      this.query = "";
      this.at = -1;
      this.found = true;
      return true;
    }
    if (ctrlR) {
      this.seek(this.at + 1);
      return true;
    }
    if (key?.ctrl === true && (key.name === "c" || key.name === "g")) {
      this.query = undefined;
      const editor = this.editor();
      editor.line = this.before.line;
      editor.cursor = this.before.cursor;
      editor._refreshLine();
      return true;
    }
    if (key?.name === "escape") {
      this.end();
      return true;
    }
    if (key?.name === "backspace") {
      this.query = this.query.slice(0, -1);
      this.seek(0);
      return true;
    }
    if (text !== undefined && key?.ctrl !== true && key?.meta !== true && isTyped(text)) {
      this.query += text;
      this.seek(0);
      return true;
    }
    // Enter sends what is shown; any other key edits it.
    this.end();
    return false;
  }

  /** The newest entry from `from` on that holds the query (case aside) and differs from the one shown. */
  private seek(from: number): void {
    const query = (this.query ?? "").toLowerCase();
    if (query === "") {
      this.at = -1;
      this.found = true;
      fillInput(this.rl, this.before.line);
      return;
    }
    const entries = (this.rl as unknown as { history: string[] }).history;
    const shown = this.at >= 0 && from > 0 ? entries[this.at] : undefined;
    for (let i = Math.max(0, from); i < entries.length; i += 1) {
      const entry = entries[i] ?? "";
      if (entry !== shown && entry.toLowerCase().includes(query)) {
        this.at = i;
        this.found = true;
        fillInput(this.rl, entry);
        return;
      }
    }
    // Nothing (older) holds it: the prompt keeps what it shows.
    this.found = false;
  }

  private end(): void {
    this.query = undefined;
  }

  private editor(): { line: string; cursor: number; _refreshLine(): void } {
    return this.rl as unknown as { line: string; cursor: number; _refreshLine(): void };
  }
}

/** Text typed, not a control character (Tab, a terminal's unparsed sequence). */
function isTyped(text: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is told apart
  return text.length > 0 && !/[\u0000-\u001f\u007f]/.test(text);
}
