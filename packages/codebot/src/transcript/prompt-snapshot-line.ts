/**
 * The system prompt a conversation was started with, recorded in its transcript as claude 2.1.328
 * records it (`--system-prompt-snapshot`): an `attachment` line of type `prompt_snapshot` with the
 * prompt's parts. A resumed conversation is sent the last one after its last compaction or clear.
 */
import type { CheckedLine } from "./line-shape.js";

export function promptSnapshotLine(systemPrompt: string, sessionId: string): object {
  return {
    type: "attachment",
    attachment: { type: "prompt_snapshot", systemPrompt: [systemPrompt] },
    sessionId,
    timestamp: new Date().toISOString(),
  };
}

/**
 * The system prompt a line records, if it is a snapshot line (claude's parts joined as it sends
 * them); `{ problem }` for a snapshot line whose parts are not a list of strings (a hand edit, a
 * bug elsewhere): it is skipped, and the resume says so.
 */
export function promptSnapshotOf(
  line: CheckedLine,
): { systemPrompt: string } | { problem: string } | undefined {
  if (line.type !== "attachment") return undefined;
  const attachment = (line as { attachment?: { type?: unknown; systemPrompt?: unknown } }).attachment;
  if (attachment?.type !== "prompt_snapshot") return undefined;
  const parts = attachment.systemPrompt;
  if (!Array.isArray(parts) || !parts.every((part) => typeof part === "string"))
    return { problem: "a system prompt snapshot whose systemPrompt is not a list of strings" };
  return { systemPrompt: parts.join("\n\n") };
}
