/**
 * A conversation's messages as the provider serialised them, as UTF-8 bytes that only grow: each
 * step appends its new messages, and a request sends a view of the bytes so far. A view already
 * handed to a socket stays valid, because appending never rewrites bytes before `length` (a
 * larger buffer is a new one; the old view keeps the old).
 */
export class WireBytes {
  private buffer: Buffer;
  private length = 0;

  constructor(text: string) {
    this.buffer = Buffer.allocUnsafeSlow(Math.max(1024, Buffer.byteLength(text) * 2));
    this.append(text);
  }

  append(text: string): void {
    const needed = Buffer.byteLength(text);
    if (this.length + needed > this.buffer.length) {
      const grown = Buffer.allocUnsafeSlow(Math.max(this.buffer.length * 2, this.length + needed));
      this.buffer.copy(grown, 0, 0, this.length);
      this.buffer = grown;
    }
    this.length += this.buffer.write(text, this.length, "utf8");
  }

  /** The bytes so far (a view, not a copy). */
  bytes(): Buffer {
    return this.buffer.subarray(0, this.length);
  }
}
