/**
 * A user message the program sends while a turn runs goes into that turn, as claude 2.1.328 does
 * it (recorded, docs/claude-code.md "Agent SDK"): the model gets it before its next step, wrapped
 * in a note saying it came mid-turn, and it has no turn or result line of its own. UserPromptSubmit
 * fires for it as it joins the turn (folded-notifications.ts), as claude's does. One the turn
 * could not take (it ended, was interrupted, or its prompt was refused first) gets its own turn
 * next, in order.
 */
import type { Steered } from "@codebot/agentcore";
import type { SteeredOrigin } from "../../agents/steered-origins.js";
import type { StreamInputMessage } from "../stream-input.js";
import type { ControlChannel } from "./control-channel.js";

export class MidTurnMessages {
  constructor(
    private readonly channel: Pick<ControlChannel, "divert" | "requeue">,
    /** Gives the running turn the program's message (as it sent it) before its next step, in midTurnText's wrapper. */
    private readonly steer: (sent: string, uuid?: string) => Steered,
  ) {}

  private folded: { message: StreamInputMessage; steered: Steered; echoed?: boolean }[] = [];

  /** The uuids of the messages folded into the running turn that its model has not had yet (an interrupt's `still_queued`). */
  waitingUuids(): string[] {
    return this.folded.flatMap((f) =>
      f.steered.waiting() && f.message.uuid !== undefined ? [f.message.uuid] : [],
    );
  }

  /**
   * The program's message a steered message (by its origin, steered-origins.ts) brought into the
   * turn, once: what `--replay-user-messages` echoes as it joins, as claude 2.1.328 does (recorded:
   * after the tool result it came with, before the model's next answer). Undefined for any other.
   */
  joined(steered: SteeredOrigin): StreamInputMessage | undefined {
    const found = this.folded.find((f) => !f.echoed && f.steered.message === steered.queued);
    if (!found) return undefined;
    found.echoed = true;
    return found.message;
  }

  /** Runs `turn`, with the messages that come meanwhile folded into it. */
  async during<T>(turn: () => Promise<T>): Promise<T> {
    this.channel.divert((message) => {
      this.folded.push({ message, steered: this.steer(message.text, message.uuid) });
      return true;
    });
    try {
      return await turn();
    } finally {
      this.channel.divert(undefined);
      const undelivered = this.folded.filter((f) => f.steered.withdraw()).map((f) => f.message);
      this.folded = [];
      this.channel.requeue(undelivered);
    }
  }
}
