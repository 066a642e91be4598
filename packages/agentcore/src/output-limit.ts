import type { UserModelMessage } from "ai";
import { userMessage } from "./messages.js";
import { ModelCallError } from "./model-error.js";

/**
 * An answer that stops at the request's output token limit (Anthropic's `max_tokens`, OpenAI's
 * `length`), as claude 2.1.328 handles it (recorded against a loopback server answering so): an
 * answer of text (or of nothing) is not the end of the turn — the model is told so in a user
 * message and asked again, up to 3 times in a row (a step not cut starts the count again); a 4th
 * cut in a row ends the run with OutputLimitError. A cut tool call is not resumed: its arguments
 * are not JSON, so it runs as a call the model must make again (the tool's error says so).
 */
export const MAX_OUTPUT_LIMIT_RESUMES = 3;

/** Claude's words for it, exactly. */
export const OUTPUT_LIMIT_RESUME_TEXT =
  "Output token limit hit. Resume directly — no apology, no recap of what you were doing. " +
  "Pick up mid-thought if that is where the cut happened. Break remaining work into smaller pieces.";

export function outputLimitResumeMessage(): UserModelMessage {
  return userMessage(OUTPUT_LIMIT_RESUME_TEXT);
}

/**
 * The answer was cut at the output token limit once more after MAX_OUTPUT_LIMIT_RESUMES resumes: a
 * failed model call, as claude reports it (an API error, StopFailure's `max_output_tokens`).
 */
export class OutputLimitError extends ModelCallError {
  constructor() {
    super(
      `model: the answer exceeded the output token maximum ${MAX_OUTPUT_LIMIT_RESUMES + 1} times in a row (max_tokens); CLAUDE_CODE_MAX_OUTPUT_TOKENS raises an Anthropic model's`,
      { cause: undefined },
    );
  }
}
