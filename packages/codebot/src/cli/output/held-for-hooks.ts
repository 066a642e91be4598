/**
 * Output kept back while a tool call's background hooks (a flat-style PostToolUse audit: async,
 * nothing waits for it) finish, so that their `⚑` lines go under the call's line and not after
 * the answer the model wrote meanwhile. Kept back for at most `maxMs`: a slow hook must not hide
 * the answer; its line then comes late, naming the call it was for.
 */
export class HeldForHooks {
  /**
   * The calls whose hooks are awaited: how many runs are left, the call as its line shows it, and
   * where its hooks' lines go: on the screen (its line was written), else at this offset of the
   * text kept back (its line was kept too: a call of the same batch as an awaited one).
   */
  private readonly calls = new Map<string, { left: number; label: string; at: number | "screen" }>();
  /** Calls given up on (maxMs) whose hooks have not all finished: their lines name the call. */
  private readonly late = new Map<string, { left: number; label: string }>();
  private kept = "";
  private timer: NodeJS.Timeout | undefined;
  private waiters: (() => void)[] = [];

  /** `release` writes the text kept back (possibly ""), once nothing is awaited any more. */
  constructor(
    private readonly release: (kept: string) => void,
    private readonly maxMs = 2000,
  ) {}

  /**
   * The call's line was just written; `runs` of its background hooks have not finished. `maxMs`
   * bounds the wait instead of the holder's own, when this is the first thing awaited.
   */
  await(callId: string, runs: number, label: string, maxMs = this.maxMs): void {
    if (runs <= 0) return;
    this.calls.set(callId, { left: runs, label, at: this.calls.size === 0 ? "screen" : this.kept.length });
    if (this.timer === undefined) {
      this.timer = setTimeout(() => this.releaseNow(), maxMs);
      this.timer.unref();
    }
  }

  /**
   * Waits for the call (again, when it was given up on), at most `maxMs` from now: an answer
   * streaming to its MessageDisplay hooks is awaited batch after batch, for longer than the bound.
   */
  awaitFromNow(callId: string, label: string, maxMs: number): void {
    if (!this.calls.has(callId)) this.await(callId, 1, label, maxMs);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.releaseNow(), maxMs);
    this.timer.unref();
  }

  /**
   * Puts a hook's row (ending with a newline) under the line of the awaited call it is for, and
   * its other hooks' rows before: false when that call is not awaited.
   */
  under(callId: string | undefined, row: string): boolean {
    const held = callId === undefined ? undefined : this.calls.get(callId);
    if (held === undefined) return false;
    if (held.at === "screen") {
      this.release(row);
      return true;
    }
    const at = held.at;
    this.kept = this.kept.slice(0, at) + row + this.kept.slice(at);
    for (const other of this.calls.values())
      if (other.at !== "screen" && other.at >= at) other.at += row.length;
    return true;
  }

  /** Keeps the text back while anything is awaited; false when it may be written now. */
  keep(text: string): boolean {
    if (this.calls.size === 0) return false;
    this.kept += text;
    return true;
  }

  /** The call a late hook line is for (its hooks outlasted the wait), as the call's line shows it. */
  lateCall(callId: string | undefined): string | undefined {
    return callId === undefined ? undefined : this.late.get(callId)?.label;
  }

  /** One background hook run of the call finished (its line was placed): the rest follows once none is awaited. */
  ended(callId: string | undefined): void {
    if (callId === undefined) return;
    for (const map of [this.calls, this.late]) {
      const entry = map.get(callId);
      if (entry !== undefined && --entry.left <= 0) map.delete(callId);
    }
    if (this.calls.size === 0 && this.timer !== undefined) this.releaseNow();
  }

  /** Stops waiting (the time is up, or a question must be asked): what was kept is written now. */
  releaseNow(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    for (const [id, held] of this.calls) this.late.set(id, held);
    this.calls.clear();
    const kept = this.kept;
    this.kept = "";
    if (kept !== "") this.release(kept);
    for (const resolve of this.waiters.splice(0)) resolve();
  }

  /** Settles once nothing is kept back (at most maxMs from the first call awaited). */
  settled(): Promise<void> {
    if (this.calls.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }
}
