/**
 * A prompt a UserPromptSubmit hook refused (a block, or `continue: false`) never reached the model:
 * claude 2.1.328 reports it as a `system` `informational` line, whose text is also the result's
 * (and `-p`'s text output); recorded in docs/claude-code.md.
 */
import type { PromptResult } from "../../session/prompt-result.js";
import type { WireObject } from "./wire.js";

export function promptOutcomeLine(result: PromptResult, prompt: string): WireObject | undefined {
  const reason = result.reason ?? "";
  if (result.status === "blocked")
    return blockedPromptLine(
      result.blockedBy ?? "UserPromptSubmit",
      result.blockNotice ?? reason,
      reason,
      prompt,
    );
  if (result.status === "stopped" && result.hookStop?.event === "UserPromptSubmit")
    return informational(`Operation stopped by hook: ${result.hookStop.reason}`, {
      kind: "stopped_by_hook",
      prompt_kept: true,
      reason: result.hookStop.reason,
    });
  return undefined;
}

/**
 * A prompt a hook blocked, as claude 2.1.328 reports it — a turn's own, or a background run's
 * notification folded into a turn in progress (recorded: the same line, the turn going on).
 */
export function blockedPromptLine(event: string, shown: string, reason: string, prompt: string): WireObject {
  return informational(blockedPromptText(event, shown, prompt), {
    kind: "blocked_by_hook",
    prompt_kept: false,
    reason,
  });
}

/** What claude 2.1.328 says of a prompt a hook blocked, in its stream-json line and its terminal alike (recorded). */
export function blockedPromptText(event: string, shown: string, prompt: string): string {
  return `${event} operation blocked by hook:\n${shown}\n\nOriginal prompt: ${prompt}`;
}

function informational(content: string, outcome: WireObject): WireObject {
  return {
    type: "system",
    subtype: "informational",
    content,
    level: "warning",
    prevent_continuation: true,
    prompt_submit_outcome: outcome,
  };
}
