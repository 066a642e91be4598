import type { TranscriptLine } from "./transcript-line.js";

/**
 * A line read back from a transcript, its shape checked: `type` is a string; a `user` or
 * `assistant` line has its `message`; the rest is optional, as on boundary and system lines.
 */
export type CheckedLine = Partial<Omit<TranscriptLine, "type">> & { type: string; subtype?: unknown };

/** The fields each kind of content block needs; kinds the reader ignores (`thinking`) need none. */
const BLOCK_FIELDS = new Map<string, Record<string, "string" | "boolean">>([
  ["text", { text: "string" }],
  ["tool_use", { id: "string", name: "string" }],
  ["tool_result", { tool_use_id: "string", is_error: "boolean" }],
  ["file", { media_type: "string" }],
]);

/**
 * A parsed JSON line as a transcript line, or why it is not one: valid JSON of another shape
 * (`null`, a number for `message.content`) must be skipped with a reason, not break the reader.
 */
export function checkLine(value: unknown): { line: CheckedLine } | { problem: string } {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return { problem: `not an object: ${JSON.stringify(value).slice(0, 40)}` };
  const line = value as Record<string, unknown>;
  if (typeof line.type !== "string") return { problem: "no type" };
  if (line.isSidechain !== undefined && typeof line.isSidechain !== "boolean")
    return { problem: "isSidechain is neither true nor false" };
  if (line.uuid !== undefined && typeof line.uuid !== "string") return { problem: "uuid is not a string" };
  if (line.type === "user" || line.type === "assistant") {
    const problem = messageProblem(line.message);
    if (problem) return { problem };
  }
  return { line: line as CheckedLine };
}

function messageProblem(message: unknown): string | undefined {
  if (typeof message !== "object" || message === null) return "no message";
  const { content } = message as { content?: unknown };
  if (typeof content === "string") return undefined;
  if (!Array.isArray(content)) return "message.content is neither text nor a list of blocks";
  for (const [index, block] of content.entries()) {
    if (typeof block !== "object" || block === null || typeof block.type !== "string")
      return `message.content[${index}] is not a block`;
    for (const [field, type] of Object.entries(BLOCK_FIELDS.get(block.type) ?? {}))
      if (typeof block[field] !== type)
        return `message.content[${index}] (${block.type}): ${field} is not a ${type}`;
    if (block.type === "tool_result" && !resultContentOk(block.content))
      return `message.content[${index}] (tool_result): content is neither text nor a list of tool_reference blocks`;
  }
  return undefined;
}

/** A result's content: its text, or the tools a tool search loads (claude's `tool_reference` blocks). */
function resultContentOk(content: unknown): boolean {
  if (typeof content === "string") return true;
  return (
    Array.isArray(content) &&
    content.every(
      (b) =>
        typeof b === "object" && b !== null && b.type === "tool_reference" && typeof b.tool_name === "string",
    )
  );
}
