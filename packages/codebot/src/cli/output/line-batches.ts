/** Lines of a streaming message given to its MessageDisplay hooks, and what the hooks show instead. */
export interface LineBatch {
  text: string;
  /** What the hooks show instead of `text` (undefined: the text as it is). */
  shown: Promise<string | undefined>;
}

/**
 * A message's text cut where claude 2.1.328's terminal cuts it for MessageDisplay (recorded with a
 * hook logging its stdin while an answer streamed): each delta that completes a line gives the
 * lines completed since the last batch, up to the last newline; the rest waits for the next
 * newline, or for the message's end, which gives what is left (possibly "") as the final batch.
 * Each batch is fired as it is cut, with its `index` counting from 0.
 */
export class LineBatches {
  private rest = "";
  private index = 0;

  constructor(
    private readonly fire: (delta: string, index: number, final: boolean) => Promise<string | undefined>,
  ) {}

  /** Text streamed: the batch of the lines it completed, or undefined when it completed none. */
  push(delta: string): LineBatch | undefined {
    this.rest += delta;
    const cut = this.rest.lastIndexOf("\n");
    if (cut < 0) return undefined;
    const text = this.rest.slice(0, cut + 1);
    this.rest = this.rest.slice(cut + 1);
    return { text, shown: this.fire(text, this.index++, false) };
  }

  /** The message ended: what is left, as the final batch. */
  end(): LineBatch {
    const text = this.rest;
    this.rest = "";
    return { text, shown: this.fire(text, this.index++, true) };
  }
}
