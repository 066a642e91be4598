/**
 * `-p` with the prompt given as an argument: its result lines (its answers, in text) are held back
 * until the run's last turn has ended, as claude 2.1.328 writes them (recorded: with a background
 * sub-agent's notification answered in a turn of its own, both `result` lines came at the very end,
 * after the second turn's lines, and so did both answers in text). Each write is told whether it
 * is the run's last (`json` prints that one only) and whether one was released before it.
 */
export class HeldResults {
  private readonly writes: ((last: boolean, afterHeld: boolean) => void)[] = [];
  private releaseNow: () => void = () => undefined;
  /** Resolves once the held writes are handed out (a signal's exit waits for it). */
  readonly released = new Promise<void>((resolve) => {
    this.releaseNow = resolve;
  });

  hold(write: (last: boolean, afterHeld: boolean) => void): void {
    this.writes.push(write);
  }

  /** Hands each held write to `out`, in order; the last is told it is. Again: nothing more. */
  release(out: (write: () => void) => void): void {
    const writes = this.writes.splice(0);
    for (const [i, write] of writes.entries()) out(() => write(i === writes.length - 1, i > 0));
    this.releaseNow();
  }
}
