import { systemReminder } from "@codebot/hooks";
import type { UserModelMessage } from "ai";

/**
 * The user message of a prompt. Context comes first, each as its own `<system-reminder>` block
 * (tags inside the hook's text defused): SessionStart context (first prompt of a session only),
 * then UserPromptSubmit context, then the harness's word on plan mode (plan-mode-reminder.ts),
 * then the user's text — one message, so the model reads the context as part of this turn, and
 * the typed text stays its last part (the recap and /rewind read it there). claude 2.1.328 puts
 * its plan-mode reminder in a message after the prompt (recorded).
 */
export function userTurn(
  text: string,
  additionalContext: string | undefined,
  sessionStartContext?: string,
  modeReminder?: string,
): UserModelMessage {
  const reminders = [sessionStartContext, additionalContext, modeReminder].filter(
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
