import type { Interface } from "node:readline";
import { terminalSafe } from "../output/terminal-safe.js";
import type { PromptHistory } from "./prompt-history.js";

/**
 * Readline puts each line it ends in its history; a prompt of several lines (`\`, Alt+Enter, a
 * paste) is one entry instead — ↑ brings it back whole, and the project's history file keeps it whole.
 */
export class WholePromptHistory {
  constructor(
    private readonly rl: Interface,
    private readonly file: PromptHistory,
  ) {}

  /** A line that continues the prompt: readline's entry for it is taken back. */
  continues(line: string): void {
    const entries = this.entries();
    if (entries[0] === line) entries.shift();
  }

  /** The prompt is complete (`line` its last line): one entry for all of it. */
  sent(line: string, whole: string): void {
    if (whole.trim() === "") return;
    const entries = this.entries();
    // Drawn raw when brought back: without escape sequences, as PromptHistory.load gives them.
    const shown = terminalSafe(whole);
    // Readline's entry is the last line; a prompt it never read (`codebot "prompt"`) has none.
    if (entries[0] === line) entries[0] = shown;
    else if (entries[0] !== shown) entries.unshift(shown);
    this.file.add(whole);
  }

  private entries(): string[] {
    return (this.rl as unknown as { history: string[] }).history;
  }
}
