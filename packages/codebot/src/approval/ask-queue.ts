/** Where the question on screen stands among those asked together: `position` of `of`. */
export interface QueuePlace {
  position: number;
  of: number;
}

/**
 * One approval question at a time: parallel tool calls and concurrent hooks may all need the
 * user, but a terminal can show only one question. Questions asked while others are open or
 * waiting form a batch, counted as claude counts its waiting permission prompts ("1 of 2"); the
 * batch ends when none is left.
 */
export class AskQueue {
  private tail: Promise<unknown> = Promise.resolve();
  /** Queued and not yet started. */
  private waiting = 0;
  /** Started in this batch (the one running included). */
  private started = 0;
  private running = false;
  private readonly listeners = new Set<() => void>();

  run<T>(ask: () => Promise<T>): Promise<T> {
    this.waiting++;
    const start = () => {
      this.waiting--;
      this.started++;
      this.running = true;
      return ask();
    };
    const result = this.tail.then(start, start);
    const end = () => {
      this.running = false;
      if (this.waiting === 0) this.started = 0;
    };
    this.tail = result.then(end, end);
    // A question open now has one more behind it.
    if (this.running) this.changed();
    return result;
  }

  /** The running question's place in its batch; undefined when none runs. */
  place(): QueuePlace | undefined {
    return this.running ? { position: this.started, of: this.started + this.waiting } : undefined;
  }

  /** Called when a question joins the queue behind an open one (its count changed); returns the unsubscribe. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}
