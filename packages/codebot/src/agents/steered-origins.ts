/**
 * Where each message steered into the main agent's turn came from: a background run's
 * notification or an Agent SDK message sent mid-turn, with the prompt UserPromptSubmit sees for
 * it (folded-notifications.ts). Kept by the queued message object (agentcore's `Steered.message`),
 * not read back from its text: a message whose text merely looks like one of them (an SDK message
 * opening with a notification's reminder, a run's result holding the mid-turn wrapper) is what its
 * sender made it. agentcore knows nothing of hooks, so the harness keeps this beside it.
 */
import type { Steered } from "@codebot/agentcore";
import type { ModelMessage } from "ai";
import { midTurnText } from "../cli/control/mid-turn-messages.js";
import { hookPromptOf } from "./task-notification.js";

export interface SteeredOrigin {
  kind: "notification" | "mid-turn";
  /** What UserPromptSubmit sees as `prompt`: the bare `<task-notification>`, or the message as the program sent it. */
  prompt: string;
}

export class SteeredOrigins {
  private readonly origins = new WeakMap<ModelMessage, SteeredOrigin>();

  /** Steers a background run's notification (notificationText's) into the turn. */
  notification(steer: (text: string) => Steered, text: string): Steered {
    return this.mark(steer(text), { kind: "notification", prompt: hookPromptOf(text) });
  }

  /** Steers an Agent SDK message sent mid-turn into the turn, in claude's wrapper (midTurnText). */
  midTurn(steer: (text: string) => Steered, sent: string): Steered {
    return this.mark(steer(midTurnText(sent)), { kind: "mid-turn", prompt: sent });
  }

  /** Where a steered message came from; undefined for one steered another way. */
  of(message: ModelMessage): SteeredOrigin | undefined {
    return this.origins.get(message);
  }

  private mark(steered: Steered, origin: SteeredOrigin): Steered {
    this.origins.set(steered.message, origin);
    return steered;
  }
}
