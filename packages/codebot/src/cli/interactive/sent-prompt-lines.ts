import { columnsOf } from "../output/columns.js";

/**
 * The lines of a prompt of several lines sent so far (`first line\`, Alt+Enter), as the prompt
 * showed them: a line printed while the rest is typed goes above all of them, so they are erased
 * and drawn again with the line being typed.
 */
export class SentPromptLines {
  readonly lines: string[] = [];

  constructor(private readonly columns: () => number | undefined) {}

  sent(shown: string): void {
    this.lines.push(shown);
  }

  /** The prompt was sent whole (or dropped). */
  clear(): void {
    this.lines.length = 0;
  }

  /** The terminal rows they take at its width now. */
  rows(): number {
    const width = this.columns();
    return this.lines.reduce(
      (rows, line) => rows + (width === undefined ? 1 : Math.max(1, Math.ceil(columnsOf(line) / width))),
      0,
    );
  }
}
