/**
 * With stream-json input (the Agent SDK), what the next turn answers: the program's next message
 * or a background run's notification, whichever comes first, as claude 2.1.328 does it (recorded,
 * docs/agents.md "In the background": a message sent while a run still went was answered at once,
 * the run's notification turn came after). The wait the other source lost is kept for the next
 * turn, so nothing read is dropped; the turns themselves run one at a time.
 */
import type { StreamInputMessage } from "../stream-input.js";

export type NextTurn =
  | { kind: "message"; input: StreamInputMessage }
  | { kind: "notification"; text: string };

export class NextTurnSource {
  private message: Promise<IteratorResult<StreamInputMessage>> | undefined;
  private notification: Promise<string | undefined> | undefined;
  private inputEnded = false;

  constructor(
    private readonly messages: AsyncIterator<StreamInputMessage>,
    /** The next notification between turns; undefined when no run is going (runtime.backgroundNotification). */
    private readonly notifications: () => Promise<string | undefined>,
  ) {}

  /**
   * The next turn; undefined once the input has ended and no run is left. Asked again after each
   * turn, since a turn may start runs. A malformed input line throws here, in its place.
   */
  async next(): Promise<NextTurn | undefined> {
    // A wait kept from before the last turn may say "no run" of a time before that turn ended: a
    // run that ended as it did left its notification after that answer; such a wait is asked again.
    let askedNow = this.notification === undefined;
    this.notification ??= this.notifications();
    for (;;) {
      if (!this.inputEnded) this.message ??= this.messages.next();
      const { message, notification } = this;
      const waits: Promise<{ input: IteratorResult<StreamInputMessage> } | { text: string | undefined }>[] =
        [];
      // Tagged, not taken: the loser's wait stays as it is, for the next call.
      if (message) waits.push(message.then((input) => ({ input })));
      if (notification) waits.push(notification.then((text) => ({ text })));
      if (waits.length === 0) return undefined;
      const first = await Promise.race(waits);
      if ("input" in first) {
        this.message = undefined;
        if (first.input.done === true) this.inputEnded = true;
        else return { kind: "message", input: first.input.value };
      } else {
        this.notification = undefined;
        if (first.text !== undefined) return { kind: "notification", text: first.text };
        // No run going now: only the input can bring a turn till the next call.
        if (!askedNow) {
          this.notification = this.notifications();
          askedNow = true;
        }
      }
    }
  }
}
