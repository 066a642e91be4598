/**
 * Two Ctrl+C within this time quit, even while a run is going on; at the prompt, two of Ctrl+C and
 * Ctrl+D. claude 2.1.328's double press (recorded in tmux: Ctrl+D 0.8 s apart quit, 0.9 s did not).
 */
export const DOUBLE_INTERRUPT_MS = 800;

/**
 * Where the interactive session is: starting, at the prompt, running a prompt or command, asking,
 * or on its way out. Each part of the session reads it here and moves it by one of the transitions,
 * so the questions "may readline draw?", "is the prompt waiting?" have one answer.
 */
/** Where the session is now, each a yes or no. */
export interface InteractiveFlags {
  /** A prompt or command is going on: lines typed meanwhile are queued. */
  busy: boolean;
  /** The prompt is on screen, waiting for a line (the status under it is kept drawn). */
  editing: boolean;
  /** On the way out: from the first quit to the exit, unless a question there answered "stay". */
  quitting: boolean;
  /** Past the questions on the way out, closing for good: the wait shows a spinner. */
  closing: boolean;
  /** A `/command` waits for the answer to its question (`/add-dir`). */
  commandAsks: boolean;
  /** The input has ended (a pipe's end, or the terminal's readline closed). */
  inputEnded: boolean;
}

export class InteractiveState {
  private readonly flags: InteractiveFlags = {
    busy: false,
    editing: false,
    quitting: false,
    closing: false,
    commandAsks: false,
    inputEnded: false,
  };
  /** Read by every part of the session; changed only by the transitions below. */
  readonly is: Readonly<InteractiveFlags> = this.flags;
  private started = false;
  private lastPress = 0;

  /** `questionOpen`: whether a question is on screen (asked only once the session has started). */
  constructor(private readonly questionOpen: () => boolean) {}

  /** The session's runtime exists and its start-up input is handed over to the prompt. */
  sessionStarts(): void {
    this.started = true;
  }
  /** A prompt or command starts. */
  workStarts(): void {
    this.flags.busy = true;
  }
  /** The prompt or command is done (or a command quits: quitting then is quitting at the prompt). */
  workDone(): void {
    this.flags.busy = false;
  }
  /** The prompt is drawn and waits for a line. */
  promptDrawn(): void {
    this.flags.editing = true;
  }
  /** The prompt left the screen (a line was sent, or a turn took its place). */
  promptLeft(): void {
    this.flags.editing = false;
  }
  /** Quitting starts; false when it already had. */
  quitStarts(): boolean {
    if (this.flags.quitting) return false;
    this.flags.quitting = true;
    return true;
  }
  /** A question on the way out answered "stay". */
  quitCancelled(): void {
    this.flags.quitting = false;
  }
  /** Past the questions on the way out: the session closes. */
  closeStarts(): void {
    this.flags.closing = true;
  }
  /** The input ends: no more lines will come. */
  inputEnds(): void {
    this.flags.inputEnded = true;
  }
  /** A command's question, asked: Ctrl+C and Esc answer it rather than interrupt or quit. */
  async commandAsking<T>(ask: () => Promise<T>): Promise<T> {
    this.flags.commandAsks = true;
    try {
      return await ask();
    } finally {
      this.flags.commandAsks = false;
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
    return this.flags.editing && !this.flags.busy && !this.flags.quitting;
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
    return !this.flags.busy || this.questionOpen() || this.flags.quitting;
  }
  /** The prompt or a question is on screen: lines printed then go above it. While quitting, only a question is. */
  inputShown(): boolean {
    if (!this.started) return false;
    return this.questionOpen() || (!this.flags.quitting && this.flags.editing && !this.flags.busy);
  }
  /**
   * The prompt waits for the user (no run, command or question). Asking on the way out counts as
   * waiting at the prompt: a background run's call draws no spinner on the row the prompt comes
   * back to when a question answers "stay".
   */
  promptWaits(): boolean {
    if (!this.started) return false;
    return (
      (this.flags.quitting
        ? !this.flags.busy && !this.flags.closing
        : this.flags.editing && !this.flags.busy) && !this.questionOpen()
    );
  }
}
