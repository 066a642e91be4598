import { describe, expect, it } from "vitest";
import { AskQueue, type QueuePlace } from "../../src/approval/ask-queue.js";

/** A question that stays open until `answer()`; records the place it saw when it opened. */
function openQuestion(queue: AskQueue, seen: (QueuePlace | undefined)[]) {
  let answer = () => {};
  const done = queue.run(
    () =>
      new Promise<void>((resolve) => {
        seen.push(queue.place());
        answer = resolve;
      }),
  );
  return { done, answer: () => answer() };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("AskQueue places", () => {
  it("questions asked together are counted 1 of 2, then 2 of 2", async () => {
    const queue = new AskQueue();
    const seen: (QueuePlace | undefined)[] = [];
    const first = openQuestion(queue, seen);
    const second = openQuestion(queue, seen);
    await tick();
    expect(queue.place()).toEqual({ position: 1, of: 2 });
    first.answer();
    await first.done;
    await tick();
    expect(queue.place()).toEqual({ position: 2, of: 2 });
    second.answer();
    await second.done;
    await tick();
    expect(seen).toEqual([
      { position: 1, of: 2 },
      { position: 2, of: 2 },
    ]);
    expect(queue.place()).toBeUndefined();
  });

  it("a question alone is 1 of 1, and a new batch starts counting again", async () => {
    const queue = new AskQueue();
    const seen: (QueuePlace | undefined)[] = [];
    for (let i = 0; i < 2; i++) {
      const q = openQuestion(queue, seen);
      await tick();
      q.answer();
      await q.done;
      await tick();
    }
    expect(seen).toEqual([
      { position: 1, of: 1 },
      { position: 1, of: 1 },
    ]);
  });

  it("one queued behind an open question tells the listener: the count grows", async () => {
    const queue = new AskQueue();
    const counts: (QueuePlace | undefined)[] = [];
    queue.onChange(() => counts.push(queue.place()));
    const first = openQuestion(queue, []);
    await tick();
    const second = openQuestion(queue, []);
    expect(counts).toEqual([{ position: 1, of: 2 }]);
    first.answer();
    await tick();
    second.answer();
    await second.done;
  });
});
