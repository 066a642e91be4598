/**
 * `-p --input-format stream-json`: the prompts come from stdin, one JSON line each, in Claude
 * Code's shape (checked against claude 2.1.328):
 * `{"type":"user","message":{"role":"user","content":"…"}}`, the content a string or a list of
 * `{"type":"text","text":…}` blocks (joined by a newline, as claude's UserPromptSubmit `prompt`
 * joins them). Blank lines are skipped, as claude skips them.
 */
import { CliError } from "./cli-error.js";

/** One user message of the input. */
export interface StreamInputMessage {
  /** The prompt's text. */
  text: string;
  /** The line's `message` as given: `--replay-user-messages` echoes it. */
  message: { role: "user"; content: unknown };
  /** The line's own `uuid`, if it gave one (the echo carries it, as claude's does). */
  uuid?: string;
}

/** One line of the input as a user message, or a `CliError` saying what is wrong with it. */
export function parseInputLine(line: string, number: number): StreamInputMessage {
  const fail = (what: string) =>
    new CliError(
      `--input-format stream-json: line ${number}: ${what}; each line is {"type":"user","message":{"role":"user","content":"…"}}`,
    );
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch (error) {
    throw fail(`not JSON (${(error as Error).message})`);
  }
  if (!isObject(parsed)) throw fail("not a JSON object");
  // The control protocol's lines are taken before this (control/control-channel.ts).
  if (parsed.type !== "user") throw fail(`"type" is ${JSON.stringify(parsed.type)}, not "user"`);
  const message = parsed.message;
  if (!isObject(message)) throw fail(`"message" is missing or not an object`);
  if (message.role !== "user") throw fail(`"message.role" is ${JSON.stringify(message.role)}, not "user"`);
  const text = contentText(message.content);
  if (typeof text !== "string") throw fail(text.error);
  return {
    text,
    message: { role: "user", content: message.content },
    ...(typeof parsed.uuid === "string" ? { uuid: parsed.uuid } : {}),
  };
}

/** The text of a message's content, or what is wrong with it. */
function contentText(content: unknown): string | { error: string } {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return { error: `"message.content" is neither a string nor a list of blocks` };
  const texts: string[] = [];
  for (const block of content) {
    if (!isObject(block) || block.type !== "text" || typeof block.text !== "string")
      return {
        error: `a content block of type ${JSON.stringify(isObject(block) ? block.type : block)}: codebot takes text blocks only`,
      };
    texts.push(block.text);
  }
  return texts.join("\n");
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
