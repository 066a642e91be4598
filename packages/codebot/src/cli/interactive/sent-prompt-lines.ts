import { promptRows } from "./prompt-rows.js";

/**
 * The lines of a prompt of several lines sent so far (`first line\`, Alt+Enter), as the prompt
 * showed them: a line printed while the rest is typed goes above all of them, so they are erased
 * and drawn again with the line being typed.
 */
export class SentPromptLines {
  private readonly lines: string[] = [];
  /** The first of them sent while a run went on (readline drew nothing): not on screen yet. */
  private undrawnFrom: number | undefined;

  constructor(private readonly columns: () => number | undefined) {}

  /** A line sent; `drawn`: readline drew it at the prompt (false while a run goes on). */
  sent(shown: string, drawn: boolean): void {
    if (!drawn) this.undrawnFrom ??= this.lines.length;
    this.lines.push(shown);
  }

  /**
   * The rows of the lines sent while a run went on, for the prompt coming back to draw above
   * itself; from then on they are on screen. Without them it showed `… ` and the last line alone.
   */
  takeUndrawnRows(): string[] {
    if (this.undrawnFrom === undefined) return [];
    const width = this.columns();
    const rows = this.lines.slice(this.undrawnFrom).flatMap((line) => promptRows(line, width));
    this.undrawnFrom = undefined;
    return rows;
  }

  /** The prompt left the screen (for a turn a background run's notification started): all of them are drawn again with it. */
  erased(): void {
    if (this.lines.length > 0) this.undrawnFrom = 0;
  }

  /** The prompt was sent whole (or dropped). */
  clear(): void {
    this.lines.length = 0;
    this.undrawnFrom = undefined;
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
