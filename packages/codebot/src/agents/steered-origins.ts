/**
 * Where each message steered into the main agent's turn came from: a background run's
 * notification or an Agent SDK message sent mid-turn, with the prompt UserPromptSubmit sees for
 * it (folded-notifications.ts). Kept by the queued message object (agentcore's `Steered.message`),
 * and by the message it joins the turn as (carry), not read back from its text: a message whose
 * text merely looks like one of them (a user's, a hook's context, an SDK message opening with a
 * notification's reminder, a run's result holding the mid-turn wrapper) is what its sender made it.
 * agentcore knows nothing of hooks, so the harness keeps this beside it.
 */
import type { Steered } from "@codebot/agentcore";
import type { ModelMessage } from "ai";
import { midTurnText } from "../cli/control/mid-turn-text.js";
import { hookPromptOf } from "./task-notification.js";

export interface SteeredOrigin {
  kind: "notification" | "mid-turn";
  /** What UserPromptSubmit sees as `prompt`: the bare `<task-notification>`, or the message as the program sent it. */
  prompt: string;
  /** The message as it was queued (`Steered.message`): the one its sender knows it by. */
  queued: ModelMessage;
  /** A mid-turn message's own uuid, as the SDK program sent it (its transcript line's `source_uuid`). */
  sourceUuid?: string;
}

export class SteeredOrigins {
  private readonly origins = new WeakMap<ModelMessage, SteeredOrigin>();

  /** Steers a background run's notification (notificationText's) into the turn. */
  notification(steer: (text: string) => Steered, text: string): Steered {
    return this.mark(steer(text), "notification", hookPromptOf(text));
  }

  /** Steers an Agent SDK message sent mid-turn into the turn, in claude's wrapper (midTurnText). */
  midTurn(steer: (text: string) => Steered, sent: string, uuid?: string): Steered {
    return this.mark(steer(midTurnText(sent)), "mid-turn", sent, uuid);
  }

  /** Where a steered message came from; undefined for one steered another way, and any other message. */
  of(message: ModelMessage): SteeredOrigin | undefined {
    return this.origins.get(message);
  }

  /** `joinedAs` (the message with its hooks' context) joins the turn for `queued`, and keeps its origin. */
  carry(queued: ModelMessage, joinedAs: ModelMessage): void {
    const origin = this.origins.get(queued);
    if (origin !== undefined) this.origins.set(joinedAs, origin);
  }

  private mark(steered: Steered, kind: SteeredOrigin["kind"], prompt: string, sourceUuid?: string): Steered {
    this.origins.set(steered.message, {
      kind,
      prompt,
      queued: steered.message,
      ...(sourceUuid !== undefined ? { sourceUuid } : {}),
    });
    return steered;
  }
}
