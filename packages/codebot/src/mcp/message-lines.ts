/**
 * A stdio MCP server's output split into its lines (one JSON-RPC message each). The SDK's
 * ReadBuffer copies everything it holds onto each chunk that arrives and searches it all again:
 * a 10 MB message in 64 KB chunks took seconds. This keeps the chunks of the line in progress
 * and joins them once, when its newline comes.
 */
export class MessageLines {
  private pending: Buffer[] = [];
  private pendingBytes = 0;

  constructor(private readonly maxLineBytes: number) {}

  /** The lines `chunk` completes, without their newline (nor a `\r` before it). Throws for a line over the limit. */
  push(chunk: Buffer): string[] {
    const lines: string[] = [];
    let start = 0;
    for (let end = chunk.indexOf(10); end !== -1; end = chunk.indexOf(10, start)) {
      this.hold(chunk.subarray(start, end));
      const line = Buffer.concat(this.pending, this.pendingBytes).toString("utf8");
      lines.push(line.endsWith("\r") ? line.slice(0, -1) : line);
      this.pending = [];
      this.pendingBytes = 0;
      start = end + 1;
    }
    this.hold(chunk.subarray(start));
    return lines;
  }

  private hold(piece: Buffer): void {
    if (piece.length === 0) return;
    if (this.pendingBytes + piece.length > this.maxLineBytes) {
      this.pending = [];
      this.pendingBytes = 0;
      throw new Error(`a line longer than ${this.maxLineBytes} bytes`);
    }
    this.pending.push(piece);
    this.pendingBytes += piece.length;
  }
}
