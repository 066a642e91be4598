import { APICallError } from "@ai-sdk/provider";

/** What providers say when the request is longer than the model takes. */
const TOO_LONG =
  /prompt is too long|input is too long|context.(length|window|limit)|maximum context|too many (input )?tokens/i;

/**
 * Whether a provider refused a request for being longer than the model takes: Anthropic's 400
 * `prompt is too long: N tokens > M maximum` and 413 `request_too_large`, OpenAI's 400 `This
 * model's maximum context length is N tokens` (`context_length_exceeded`), and the like from
 * compatible servers. Not a 400 about the answer's length (`max_tokens is too large`): compacting
 * would not help it.
 */
export function isContextOverflow(error: unknown): boolean {
  if (!APICallError.isInstance(error)) return false;
  if (error.statusCode === 413) return true;
  return error.statusCode === 400 && TOO_LONG.test(`${error.message} ${error.responseBody ?? ""}`);
}
