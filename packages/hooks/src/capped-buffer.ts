/** Bytes of one stream (a hook's stdout or stderr, an http hook's response body) up to a cap. */
export class CappedBuffer {
  private readonly chunks: Buffer[] = [];
  private size = 0;
  /** Some bytes were dropped at the cap. */
  truncated = false;

  constructor(private readonly cap: number) {}

  /** Keeps what fits under the cap; the rest is dropped and marks the buffer truncated. */
  push(chunk: Buffer): void {
    const room = this.cap - this.size;
    if (chunk.length > room) {
      this.truncated = true;
      chunk = chunk.subarray(0, room);
    }
    if (chunk.length === 0) return;
    this.chunks.push(chunk);
    this.size += chunk.length;
  }

  /** Lenient UTF-8: invalid bytes become U+FFFD. */
  text(): string {
    return Buffer.concat(this.chunks).toString("utf8");
  }
}
