/**
 * A prompt a UserPromptSubmit hook refused (a block, or `continue: false`) never reached the model:
 * claude 2.1.328 reports it as a `system` `informational` line, whose text is also the result's
 * (and `-p`'s text output); recorded in docs/claude-code.md.
 */
import type { PromptResult } from "../../session/prompt-result.js";
import type { WireObject } from "./wire.js";

export function promptOutcomeLine(result: PromptResult, prompt: string): WireObject | undefined {
  const reason = result.reason ?? "";
  if (result.status === "blocked") {
    const event = result.blockedBy ?? "UserPromptSubmit";
    const shown = result.blockNotice ?? reason;
    return informational(`${event} operation blocked by hook:\n${shown}\n\nOriginal prompt: ${prompt}`, {
      kind: "blocked_by_hook",
      prompt_kept: false,
      reason,
    });
  }
  if (result.status === "stopped" && result.hookStop?.event === "UserPromptSubmit")
    return informational(`Operation stopped by hook: ${result.hookStop.reason}`, {
      kind: "stopped_by_hook",
      prompt_kept: true,
      reason: result.hookStop.reason,
    });
  return undefined;
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
