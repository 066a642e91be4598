/**
 * Keeps the head and the tail of a long output (the end of a build log says why it failed)
 * and counts what was cut in between.
 */
export class OutputCap {
  private head = "";
  private tail = "";
  private dropped = 0;

  constructor(private readonly limit: number) {}

  push(chunk: string): void {
    const half = Math.floor(this.limit / 2);
    if (this.head.length < half) {
      const room = half - this.head.length;
      this.head += chunk.slice(0, room);
      chunk = chunk.slice(room);
    }
    if (chunk === "") return;
    this.tail += chunk;
    if (this.tail.length > this.limit - half) {
      const cut = this.tail.length - (this.limit - half);
      this.dropped += cut;
      this.tail = this.tail.slice(cut);
    }
  }

  text(): string {
    if (this.dropped === 0) return this.head + this.tail;
    return `${this.head}\n[… ${this.dropped} characters of output cut …]\n${this.tail}`;
  }
}
