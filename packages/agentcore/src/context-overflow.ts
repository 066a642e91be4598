import { APICallError } from "@ai-sdk/provider";

/**
 * Whether a provider refused a request for being longer than the model takes: Anthropic's 400
 * `prompt is too long: N tokens > M maximum` and 413 `request_too_large`, OpenAI's 400 `This
 * model's maximum context length is N tokens` (`context_length_exceeded`), and the like from
 * compatible servers.
 */
export function isContextOverflow(error: unknown): boolean {
  if (!APICallError.isInstance(error)) return false;
  if (error.statusCode === 413) return true;
  const said = `${error.message} ${error.responseBody ?? ""}`;
  return (
    error.statusCode === 400 && /too long|context.length|context.window|too many tokens|too large/i.test(said)
  );
}
