/**
 * A background run that ends while the main agent works has its notification folded into that
 * turn (steered in before the next model step). As claude 2.1.328 does (recorded, docs/agents.md),
 * UserPromptSubmit fires for it as it joins the turn: the hook sees the bare `<task-notification>`
 * as `prompt`, under the turn's `prompt_id`; a block leaves the notification out and the turn goes
 * on without it; the hooks' context comes with it, and the terminal shows its summary line (joined).
 * A `continue: false` also ends the turn. The Agent SDK's messages sent mid-turn go through it the
 * same way, as claude's do (recorded): the hook sees the message as the program sent it. Which
 * of the two a message is, and its prompt, come with it (steered-origins.ts), not from its text.
 */
import type { HookRunner } from "@codebot/hooks";
import type { ModelMessage } from "ai";
import type { StopRequest } from "../session/session.js";
import { userTurn } from "../session/user-turn.js";
import type { SteeredOrigins } from "./steered-origins.js";

export interface FoldedNotificationParts {
  runner: Pick<HookRunner, "userPromptSubmit">;
  /** Where each steered message came from; one steered another way joins as it is. */
  origins: Pick<SteeredOrigins, "of" | "carry">;
  /** Tells the user a hook could not run. */
  notify(message: string): void;
  /** Tells the user (and stream-json) a hook kept a notification out of the turn. */
  blocked(event: { reason: string; shown: string; prompt: string }): void;
  /** Tells the user (the terminal's `● Agent "…" finished` line) a notification joined the turn. */
  joined(notification: string): void;
  /** A hook's `continue: false` ends the turn in progress. */
  stopRun(stop: StopRequest): void;
}

/** The main agent's `admitSteered`: each notification or SDK message steered into a turn goes through UserPromptSubmit first. */
export function admitFoldedNotifications(
  parts: FoldedNotificationParts,
): (messages: ModelMessage[], signal: AbortSignal) => Promise<ModelMessage[]> {
  return async (messages, signal) => {
    const admitted: ModelMessage[] = [];
    for (const message of messages) {
      const admittedAs = await admit(message, signal, parts);
      if (admittedAs !== undefined) admitted.push(admittedAs);
    }
    return admitted;
  };
}

/** The message as it joins the turn, or undefined when a hook kept it out. */
async function admit(
  message: ModelMessage,
  signal: AbortSignal,
  parts: FoldedNotificationParts,
): Promise<ModelMessage | undefined> {
  const origin = parts.origins.of(message);
  const text = message.role === "user" && typeof message.content === "string" ? message.content : undefined;
  if (origin === undefined || text === undefined) return message;
  const { prompt } = origin;
  let decision: Awaited<ReturnType<HookRunner["userPromptSubmit"]>>;
  try {
    decision = await parts.runner.userPromptSubmit({ prompt, signal });
  } catch (error) {
    // The run's result is not lost to a hook that could not run (nor to the turn's interrupt, said elsewhere).
    if (!signal.aborted) parts.notify(`hook: UserPromptSubmit failed: ${(error as Error).message}`);
    return message;
  }
  switch (decision.kind) {
    case "stop":
      parts.stopRun({ hook: decision.by, reason: decision.reason });
      return undefined;
    case "block":
      parts.blocked({ reason: decision.reason, shown: decision.notice ?? decision.reason, prompt });
      return undefined;
  }
  if (origin.kind === "notification") parts.joined(text);
  const joinedAs = userTurn(text, decision.context);
  // With its hooks' context it is another message: still the notification or SDK message it was.
  parts.origins.carry(message, joinedAs);
  return joinedAs;
}
