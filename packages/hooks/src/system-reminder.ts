/**
 * Hook text shown to the model is wrapped in a `<system-reminder>` block. The hook's text is
 * escaped so it cannot close the block early or open a forged one.
 */

import type { ToolResult } from "@codebot/agentcore";

const TAG = /<(\/?)(system-reminder)\b/gi;

/** `<system-reminder>\n<text>\n</system-reminder>`, with any reminder tag inside the text defused. */
export function systemReminder(text: string): string {
  return `<system-reminder>\n${text.replace(TAG, "&lt;$1$2")}\n</system-reminder>`;
}

/**
 * The result with notes for the model after its text, each a reminder. Those who observe the call
 * (PostToolBatch's `tool_response`) keep being given the tool's own text (`ownContent`).
 */
export function withReminders(result: ToolResult, notes: readonly string[]): ToolResult {
  if (notes.length === 0) return result;
  return {
    ...result,
    content: [result.content, ...notes.map(systemReminder)].join("\n\n"),
    ownContent: result.ownContent ?? result.content,
  };
}
