/**
 * `delivered()`: an explicit point at which every event pushed so far has been handled by the
 * run's reader (the seam a Stop hook's transcript read waits on, instead of a timing guess).
 */
import { describe, expect, test } from "vitest";
import { AgentEventStream } from "../src/event-stream.js";
import type { AgentEvent } from "../src/events.js";

const event: AgentEvent = { type: "turn_start", turn: 1 };

describe("AgentEventStream.delivered", () => {
  test("resolves at once when nobody reads the stream", async () => {
    const stream = new AgentEventStream();
    stream.push(event);
    await expect(stream.delivered()).resolves.toBeUndefined();
  });

  test("resolves only after the reader has handled every event pushed before the call", async () => {
    const stream = new AgentEventStream();
    const handled: number[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const reader = (async () => {
      let n = 0;
      for await (const _ of stream) {
        n += 1;
        // The reader is slow with the first event: delivery must wait for it.
        if (n === 1) await gate;
        handled.push(n);
        if (n === 2) return;
      }
    })();
    stream.push(event);
    stream.push(event);
    await new Promise((resolve) => setTimeout(resolve, 5));
    let done = false;
    const delivered = stream.delivered().then(() => {
      done = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(done).toBe(false);
    release();
    await delivered;
    expect(handled).toEqual([1, 2]);
    await reader;
  });
});
