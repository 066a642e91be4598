import { Writable } from "node:stream";
import { eraseBelowKeepingScrollback } from "./erase-below.js";

/**
 * The terminal as readline sees it, with a gate: while it is shut, readline's drawing (the echo of
 * keys, its line redraws and cursor moves) is dropped instead of landing in the middle of streamed
 * output. What is typed then is shown by the session itself, under the status line. Everything
 * else readline needs of a terminal (its size, resize events) is the real one's.
 */
export class GatedOutput extends Writable {
  /** readline's last write, drawn or not. */
  private previous = "";

  constructor(
    private readonly terminal: NodeJS.WriteStream,
    private readonly open: () => boolean,
  ) {
    super({ decodeStrings: false });
    terminal.on("resize", () => this.emit("resize"));
  }

  get isTTY(): boolean {
    return this.terminal.isTTY === true;
  }

  get columns(): number | undefined {
    return this.terminal.columns;
  }

  get rows(): number | undefined {
    return this.terminal.rows;
  }

  override _write(
    chunk: string | Buffer,
    _encoding: BufferEncoding,
    done: (error?: Error | null) => void,
  ): void {
    const text = String(chunk);
    const previous = this.previous;
    this.previous = text;
    if (this.open()) {
      try {
        if (this.terminal.writable) this.terminal.write(eraseBelowKeepingScrollback(previous, text));
      } catch {
        // A terminal that hung up: the session's close path deals with it.
      }
    }
    done();
  }
}
