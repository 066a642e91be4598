import type { ModelMessage } from "ai";

/**
 * What the user typed for a prompt the session expanded before the model got it — `/tidy`, whose
 * message holds the text of a skill or command (a cloned repository's), its `` !`cmd` `` output and
 * the files it mentions, or an MCP server's prompt. Auto mode's classifier is shown the typed line,
 * not the expansion (auto-mode-prompt.ts), as claude 2.1.328's is (recorded: `/tidy` was shown as
 * its `<command-name>` line alone). Kept by the message object, as the runtime hands the same
 * objects to the classifier; a resumed session's, from its line's `typedPrompt` (transcript-reader.ts).
 */
const typed = new WeakMap<ModelMessage, string>();

export function markTypedPrompt(message: ModelMessage, text: string): void {
  typed.set(message, text);
}

export function typedPromptOf(message: ModelMessage): string | undefined {
  return typed.get(message);
}
