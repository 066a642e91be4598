import { describe, expect, it } from "vitest";
import { NextTurnSource } from "../src/cli/control/next-turn.js";
import type { StreamInputMessage } from "../src/cli/stream-input.js";

const message = (text: string): StreamInputMessage => ({ text, message: { role: "user", content: text } });

/** Input messages pushed by the test, as the control channel yields them; `end()` closes the input. */
function input() {
  const queue: (StreamInputMessage | "end")[] = [];
  let wake: (() => void) | undefined;
  const push = (item: StreamInputMessage | "end") => {
    queue.push(item);
    wake?.();
  };
  async function* messages(): AsyncGenerator<StreamInputMessage> {
    for (;;) {
      const next = queue.shift();
      if (next === "end") return;
      if (next !== undefined) yield next;
      else await new Promise<void>((resolve) => (wake = resolve));
    }
  }
  return { messages: messages(), say: (text: string) => push(message(text)), end: () => push("end") };
}

/** Notifications the test hands out one wait at a time (kept for the next wait if none waits); `none()` says no run is going. */
function notifications() {
  const waits: ((text: string | undefined) => void)[] = [];
  const early: (string | undefined)[] = [];
  let asked = 0;
  const give = (text: string | undefined) => {
    const wait = waits.shift();
    if (wait) wait(text);
    else early.push(text);
  };
  return {
    next: () => {
      asked++;
      if (early.length > 0) return Promise.resolve(early.shift());
      return new Promise<string | undefined>((resolve) => waits.push(resolve));
    },
    asked: () => asked,
    notify: (text: string) => give(text),
    none: () => give(undefined),
  };
}

describe("the next turn with stream-json input", () => {
  it("a message is the next turn while a notification is still awaited", async () => {
    const { messages, say } = input();
    const runs = notifications();
    const turns = new NextTurnSource(messages, runs.next);
    say("hello");
    expect(await turns.next()).toEqual({ kind: "message", input: message("hello") });
  });

  it("the notification awaited while a message's turn ran is the turn after it, not asked for twice", async () => {
    const { messages, say } = input();
    const runs = notifications();
    const turns = new NextTurnSource(messages, runs.next);
    say("hello");
    await turns.next();
    runs.notify("<task-notification>done</task-notification>");
    expect(await turns.next()).toEqual({
      kind: "notification",
      text: "<task-notification>done</task-notification>",
    });
    expect(runs.asked()).toBe(1);
  });

  it("a message awaited while a notification's turn ran is not lost", async () => {
    const { messages, say } = input();
    const runs = notifications();
    const turns = new NextTurnSource(messages, runs.next);
    const first = turns.next();
    runs.notify("note");
    expect(await first).toEqual({ kind: "notification", text: "note" });
    say("hello");
    expect(await turns.next()).toEqual({ kind: "message", input: message("hello") });
  });

  it("with no run going only the input brings a turn; after the input's end, a run going still does", async () => {
    const { messages, say, end } = input();
    const runs = notifications();
    const turns = new NextTurnSource(messages, runs.next);
    const first = turns.next();
    runs.none();
    say("start a run");
    expect(await first).toEqual({ kind: "message", input: message("start a run") });
    end();
    const second = turns.next();
    runs.notify("note");
    expect(await second).toEqual({ kind: "notification", text: "note" });
    const last = turns.next();
    runs.none();
    expect(await last).toBeUndefined();
  });

  it("a wait that said no run is going while a message's turn ran is asked again: a notification left then gets its turn", async () => {
    const { messages, say } = input();
    const runs = notifications();
    const turns = new NextTurnSource(messages, runs.next);
    say("hello");
    await turns.next();
    // The run ended during the turn (its notification steered into it), but the turn ended first.
    runs.none();
    const next = turns.next();
    runs.notify("note");
    expect(await next).toEqual({ kind: "notification", text: "note" });
  });
});
