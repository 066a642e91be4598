/**
 * A user message the program sends while a turn runs goes into that turn, as claude 2.1.328 does
 * it (recorded, docs/claude-code.md "Agent SDK"): the model gets it before its next step, wrapped
 * in a note saying it came mid-turn, and it has no turn or result line of its own. UserPromptSubmit
 * fires for it as it joins the turn (folded-notifications.ts), as claude's does. One the turn
 * could not take (it ended, was interrupted, or its prompt was refused first) gets its own turn
 * next, in order.
 */
import type { Steered } from "@codebot/agentcore";
import type { ModelMessage } from "ai";
import { soleUserText } from "../output/sole-user-text.js";
import type { StreamInputMessage } from "../stream-input.js";
import type { ControlChannel } from "./control-channel.js";

const OPENING = "The user sent a new message while you were working:\n";
const CLOSING =
  "\n\nThis is how messages the user sends mid-turn are surfaced — within the running turn, often alongside the next tool result, rather than as a separate conversation turn. Address the message above as you continue this turn.";

/** What the model is told, in claude 2.1.328's words but for the product's name. */
export function midTurnText(text: string): string {
  return `${OPENING}${text}${CLOSING}`;
}

/**
 * The message the program sent, for a steered message midTurnText wrote (undefined for any other):
 * what UserPromptSubmit sees as `prompt`, as claude 2.1.328's hook sees the bare message (recorded).
 */
export function midTurnPromptOf(steered: string): string | undefined {
  if (!steered.startsWith(OPENING) || !steered.endsWith(CLOSING)) return undefined;
  return steered.slice(OPENING.length, steered.length - CLOSING.length);
}

/**
 * The message the program sent, for the conversation's user message that brought it into the
 * turn (undefined for any other). claude 2.1.328 writes no stream-json line for that note
 * (recorded); `--replay-user-messages` echoes the message as sent instead (MidTurnMessages.joined).
 */
export function midTurnMessageOf(message: ModelMessage): string | undefined {
  const text = soleUserText(message);
  return text === undefined ? undefined : midTurnPromptOf(text);
}

export class MidTurnMessages {
  constructor(
    private readonly channel: Pick<ControlChannel, "divert" | "requeue">,
    /** Gives the running turn the program's message (as it sent it) before its next step, in midTurnText's wrapper. */
    private readonly steer: (sent: string) => Steered,
  ) {}

  private folded: { message: StreamInputMessage; steered: Steered; echoed?: boolean }[] = [];

  /** The uuids of the messages folded into the running turn that its model has not had yet (an interrupt's `still_queued`). */
  waitingUuids(): string[] {
    return this.folded.flatMap((f) =>
      f.steered.waiting() && f.message.uuid !== undefined ? [f.message.uuid] : [],
    );
  }

  /**
   * The program's message that `note` (a message of the conversation) brought into the turn, once:
   * what `--replay-user-messages` echoes as it joins, as claude 2.1.328 does (recorded: after the
   * tool result it came with, before the model's next answer). Undefined for any other message.
   */
  joined(note: ModelMessage): StreamInputMessage | undefined {
    const text = midTurnMessageOf(note);
    if (text === undefined) return undefined;
    const found = this.folded.find((f) => !f.echoed && f.message.text === text);
    if (!found) return undefined;
    found.echoed = true;
    return found.message;
  }

  /** Runs `turn`, with the messages that come meanwhile folded into it. */
  async during<T>(turn: () => Promise<T>): Promise<T> {
    this.channel.divert((message) => {
      this.folded.push({ message, steered: this.steer(message.text) });
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
