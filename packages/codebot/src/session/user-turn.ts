import { systemReminder } from "@codebot/hooks";
import type { UserModelMessage } from "ai";

/**
 * The user message of a prompt. Context from hooks comes first, each as its own
 * `<system-reminder>` block (tags inside the hook's text defused): SessionStart context (first
 * prompt of a session only), then UserPromptSubmit context, then the user's text — one message,
 * so the model reads the context as part of this turn.
 */
export function userTurn(
  text: string,
  additionalContext: string | undefined,
  sessionStartContext?: string,
): UserModelMessage {
  const reminders = [sessionStartContext, additionalContext].filter(
    (context): context is string => context !== undefined && context !== "",
  );
  if (reminders.length === 0) return { role: "user", content: text };
  return {
    role: "user",
    content: [
      ...reminders.map((context) => ({ type: "text" as const, text: systemReminder(context) })),
      { type: "text", text },
    ],
  };
}
