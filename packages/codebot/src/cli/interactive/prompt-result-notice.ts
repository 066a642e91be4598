import type { PromptResult } from "../../session/prompt-result.js";
import { INTERRUPTED_QUESTION } from "../output/history-recap.js";
import type { Styles } from "../output/styles.js";

/**
 * The notice under a prompt's run that did not complete: blocked by a hook, interrupted, stopped,
 * out of model steps, or failed. Undefined for one that completed (its answer says it all).
 */
export function promptResultNotice(
  result: PromptResult,
  s: Styles,
  /** The session is quitting (Ctrl+D, a second Ctrl+C): there is no "instead" to ask about. */
  quitting: boolean,
): string | undefined {
  switch (result.status) {
    case "completed":
      return undefined;
    case "blocked":
      return s.red(
        `✗ prompt blocked by a ${result.blockedBy ?? "UserPromptSubmit"} hook: ${result.reason ?? ""}`,
      );
    case "aborted":
      return s.yellow(quitting ? "interrupted" : INTERRUPTED_QUESTION);
    case "stopped":
      return s.yellow(result.reason ?? "the run was ended by a hook");
    case "max_turns":
      return s.yellow(`stopped after ${result.turns} model steps (--max-turns)`);
    default:
      return s.red(`✗ ${result.reason ?? result.status}`);
  }
}
