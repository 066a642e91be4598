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
  /** A `/compact` run in the session (compactPointOf): no message of the conversation holds it. */
  compact?: true;
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

/**
 * The point a `/compact` run in the session left (its `local_command` line, transcript-writer.ts):
 * claude 2.1.328's `/rewind` lists `/compact` as a row (recorded), and going back to before it
 * keeps the compacted history, `/compact` put back in the input. A line written by hand with
 * other fields is no point: only a string uuid and the command's own name.
 */
export function compactPointOf(line: CheckedLine): PromptLine | undefined {
  if (line.type !== "system" || line.subtype !== "local_command" || line.isSidechain === true)
    return undefined;
  const run = (line as { commandRun?: { command?: unknown; args?: unknown } }).commandRun;
  if (run?.command !== "compact" || typeof line.uuid !== "string") return undefined;
  const args = typeof run.args === "string" ? run.args.trim() : "";
  const at = Date.parse(line.timestamp ?? "");
  return {
    uuid: line.uuid,
    parentUuid: line.parentUuid ?? null,
    at: Number.isNaN(at) ? 0 : at,
    text: args ? `/compact ${args}` : "/compact",
    compact: true,
  };
}
