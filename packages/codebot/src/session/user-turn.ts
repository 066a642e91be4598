import { systemReminder } from "@codebot/hooks";
import type { UserModelMessage } from "ai";

/**
 * The user message of a prompt. Context from UserPromptSubmit hooks comes first, as its own
 * `<system-reminder>` block (tags inside the hook's text defused), then the user's text — one
 * message, so the model reads the context as part of this turn.
 */
export function userTurn(text: string, additionalContext: string | undefined): UserModelMessage {
  if (additionalContext === undefined || additionalContext === "") return { role: "user", content: text };
  return {
    role: "user",
    content: [
      { type: "text", text: systemReminder(additionalContext) },
      { type: "text", text },
    ],
  };
}
