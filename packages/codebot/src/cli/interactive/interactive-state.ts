/** Two Ctrl+C within this time quit, even while a run is going on; at the prompt, two of Ctrl+C and Ctrl+D. */
const DOUBLE_INTERRUPT_MS = 1500;

/**
 * Where the interactive session is: starting, at the prompt, running a prompt or command, asking,
 * or on its way out. Each part of the session reads it here and moves it by one of the transitions,
 * so the questions "may readline draw?", "is the prompt waiting?" have one answer.
 */
export class InteractiveState {
  private started = false;
  private running = false;
  private shown = false;
  private leaving = false;
  private ending = false;
  private asking = false;
  private ended = false;
  private lastPress = 0;

  /** `questionOpen`: whether a question is on screen (asked only once the session has started). */
  constructor(private readonly questionOpen: () => boolean) {}

  /** A prompt or command is going on: lines typed meanwhile are queued. */
  get busy(): boolean {
    return this.running;
  }
  /** The prompt is on screen, waiting for a line (the status under it is kept drawn). */
  get editing(): boolean {
    return this.shown;
  }
  /** On the way out: from the first quit to the exit, unless a question there answered "stay". */
  get quitting(): boolean {
    return this.leaving;
  }
  /** Past the questions on the way out, closing for good: the wait shows a spinner. */
  get closing(): boolean {
    return this.ending;
  }
  /** A `/command` waits for the answer to its question (`/add-dir`). */
  get commandAsks(): boolean {
    return this.asking;
  }
  /** The input has ended (a pipe's end, or the terminal's readline closed). */
  get inputEnded(): boolean {
    return this.ended;
  }

  /** The session's runtime exists and its start-up input is handed over to the prompt. */
  sessionStarts(): void {
    this.started = true;
  }
  /** A prompt or command starts. */
  workStarts(): void {
    this.running = true;
  }
  /** The prompt or command is done (or a command quits: quitting then is quitting at the prompt). */
  workDone(): void {
    this.running = false;
  }
  /** The prompt is drawn and waits for a line. */
  promptDrawn(): void {
    this.shown = true;
  }
  /** The prompt left the screen (a line was sent, or a turn took its place). */
  promptLeft(): void {
    this.shown = false;
  }
  /** Quitting starts; false when it already had. */
  quitStarts(): boolean {
    if (this.leaving) return false;
    this.leaving = true;
    return true;
  }
  /** A question on the way out answered "stay". */
  quitCancelled(): void {
    this.leaving = false;
  }
  /** Past the questions on the way out: the session closes. */
  closeStarts(): void {
    this.ending = true;
  }
  /** The input ends: no more lines will come. */
  inputEnds(): void {
    this.ended = true;
  }
  /** A command's question, asked: Ctrl+C and Esc answer it rather than interrupt or quit. */
  async commandAsking<T>(ask: () => Promise<T>): Promise<T> {
    this.asking = true;
    try {
      return await ask();
    } finally {
      this.asking = false;
    }
  }
  /** Ctrl+C or Ctrl+D pressed: whether it came soon after the previous one (then it quits). */
  pressedSoonAgain(now = Date.now()): boolean {
    const quick = now - this.lastPress < DOUBLE_INTERRUPT_MS;
    this.lastPress = now;
    return quick;
  }

  /** At the prompt, nothing running and not on the way out. */
  atPrompt(): boolean {
    return this.shown && !this.running && !this.leaving;
  }
  /** At the prompt and no question over it: the status under it may be drawn. */
  promptFree(): boolean {
    return this.atPrompt() && !this.questionOpen();
  }
  /**
   * While a run goes on readline draws nothing (keys typed then would land inside streamed
   * output); the view shows the line being typed instead. Before the session starts it draws.
   */
  readlineDraws(): boolean {
    if (!this.started) return true;
    return !this.running || this.questionOpen() || this.leaving;
  }
  /** The prompt or a question is on screen: lines printed then go above it. While quitting, only a question is. */
  inputShown(): boolean {
    if (!this.started) return false;
    return this.questionOpen() || (!this.leaving && this.shown && !this.running);
  }
  /**
   * The prompt waits for the user (no run, command or question). Asking on the way out counts as
   * waiting at the prompt: a background run's call draws no spinner on the row the prompt comes
   * back to when a question answers "stay".
   */
  promptWaits(): boolean {
    if (!this.started) return false;
    return (
      (this.leaving ? !this.running && !this.ending : this.shown && !this.running) && !this.questionOpen()
    );
  }
}
