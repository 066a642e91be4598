import { promptRows } from "./prompt-rows.js";

/**
 * The lines of a prompt of several lines sent so far (`first line\`, Alt+Enter), as the prompt
 * showed them: a line printed while the rest is typed goes above all of them, so they are erased
 * and drawn again with the line being typed.
 */
export class SentPromptLines {
  private readonly lines: string[] = [];

  constructor(private readonly columns: () => number | undefined) {}

  sent(shown: string): void {
    this.lines.push(shown);
  }

  /** The prompt was sent whole (or dropped). */
  clear(): void {
    this.lines.length = 0;
  }

  /** Their rows at the terminal's width now, each line broken between words as when it was sent. */
  shownRows(): string[] {
    const width = this.columns();
    return this.lines.flatMap((line) => promptRows(line, width));
  }

  /** The terminal rows they take at its width now. */
  rows(): number {
    return this.shownRows().length;
  }
}
