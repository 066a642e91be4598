import type { ModelMessage } from "ai";

/** The text of a user message that is one text and nothing else (what a note added to a turn is); undefined for any other. */
export function soleUserText(message: ModelMessage): string | undefined {
  if (message.role !== "user") return undefined;
  const content = message.content;
  if (typeof content === "string") return content;
  const [only] = content;
  return content.length === 1 && only?.type === "text" ? only.text : undefined;
}
