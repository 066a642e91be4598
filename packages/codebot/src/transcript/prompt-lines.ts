import type { CheckedLine } from "./line-shape.js";

/**
 * A prompt, as its transcript line holds it: where `/rewind` can go back to when the user sent it
 * (transcript-reader.ts leaves out those whose fields name another sender, line-sender.ts).
 */
export interface PromptLine {
  uuid: string;
  /** The line it follows: a rewind's next line follows it too (claude's branch in the same file). */
  parentUuid: string | null;
  /** When it was written (ms): the file changes made since are its prompt's and later ones'. */
  at: number;
  /** The text typed (the hooks' context before it left out). */
  text: string;
}

/**
 * The prompt a main-agent line holds: a user line no one else wrote (not meta, not a compaction's
 * summary, not a command's output) whose content is text only, no tool results.
 */
export function promptLineOf(line: CheckedLine): PromptLine | undefined {
  if (
    line.type !== "user" ||
    line.isMeta === true ||
    line.isCompactSummary === true ||
    line.isSidechain === true
  )
    return undefined;
  if (typeof line.uuid !== "string" || line.message === undefined) return undefined;
  const { content } = line.message;
  const texts =
    typeof content === "string"
      ? [content]
      : content.every((block) => block.type === "text")
        ? content.map((block) => block.text)
        : [];
  // The hooks' context comes first, the typed text last (user-turn.ts).
  const text = texts[texts.length - 1];
  if (text === undefined || text.startsWith("<local-command-stdout>") || text.startsWith("<command-name>"))
    return undefined;
  const at = Date.parse(line.timestamp ?? "");
  return { uuid: line.uuid, parentUuid: line.parentUuid ?? null, at: Number.isNaN(at) ? 0 : at, text };
}
