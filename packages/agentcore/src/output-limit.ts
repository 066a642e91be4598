import type { ModelMessage, UserModelMessage } from "ai";
import { soleUserText, userMessage } from "./messages.js";
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

/** Claude's words for the session's resumes, exactly (all three). */
export const OUTPUT_LIMIT_RESUME_TEXT =
  "Output token limit hit. Resume directly — no apology, no recap of what you were doing. " +
  "Pick up mid-thought if that is where the cut happened. Break remaining work into smaller pieces.";

/**
 * Claude's words for a sub-agent's first and second resume, exactly: its caller gets its last
 * answer only, so a cut final answer is asked for whole again, shorter; the third is the session's.
 */
export const SUBAGENT_RESUME_TEXTS = [
  "Output token limit hit. Your caller does not receive an answer in pieces. " +
    "If you were giving your final answer, give the whole answer again, more briefly — no apology, no mention of the cut-off. " +
    "Otherwise continue the work in smaller pieces.",
  "Output token limit hit again. Your caller does not receive an answer in pieces. If you were giving your final answer, give the whole answer in at most half the length of your last attempt: keep every item and cut the detail. Do not shorten text that must stay exact, such as code, data or translations. If it cannot be made that short, say so in your first line, then give what fits. If you were not giving your final answer, continue the work in smaller pieces.",
] as const;

/** Who reads a run's answer: the user (the session), or the agent that started it (a sub-agent). */
export type AnswerReader = "user" | "agent";

/** The message of resume `nth` (1 to MAX_OUTPUT_LIMIT_RESUMES) of a run whose answer `reader` reads. */
export function outputLimitResumeMessage(reader: AnswerReader, nth: number): UserModelMessage {
  const text = reader === "agent" ? SUBAGENT_RESUME_TEXTS[nth - 1] : undefined;
  return userMessage(text ?? OUTPUT_LIMIT_RESUME_TEXT);
}

/** Whether `message` is one of the resumes asking a cut answer to go on (it came from no one). */
export function isOutputLimitResume(message: ModelMessage): boolean {
  const text = soleUserText(message);
  return (
    text === OUTPUT_LIMIT_RESUME_TEXT || (SUBAGENT_RESUME_TEXTS as readonly string[]).includes(text ?? "")
  );
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
