/**
 * One approval question at a time: parallel tool calls and concurrent hooks may all need the
 * user, but a terminal can show only one question.
 */
export class AskQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(ask: () => Promise<T>): Promise<T> {
    const result = this.tail.then(ask, ask);
    this.tail = result.catch(() => undefined);
    return result;
  }
}
