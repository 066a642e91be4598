/**
 * `/compact [focus]` given as the prompt of `-p` (or a stream-json message): claude 2.1.328 runs
 * it as its `/compact` command — PreCompact, the summary, SessionStart `compact` — and reports a
 * `success` result with `local_command: "compact"` and an empty `result` (recorded), instead of
 * sending the text to the model.
 */
import { type PromptResult, resultWithoutSteps } from "../session/prompt-result.js";
import type { Runtime } from "../session/runtime.js";

const COMPACT = /^\/compact(?:\s+([\s\S]*))?$/;

/** The built-in commands `-p` runs, as the stream-json init line lists them after the session's. */
export const PRINT_COMMANDS: readonly string[] = ["compact"];

/** The focus of a `/compact` prompt ("" when none), or undefined for any other prompt. */
export function compactFocusOf(prompt: string): string | undefined {
  const match = COMPACT.exec(prompt.trim());
  return match === null ? undefined : (match[1] ?? "").trim();
}

/**
 * Compacts the conversation and reports it as a prompt's result: an error when it could not, but
 * a success when there was nothing to compact, as claude's (its "No messages to compact" is exit 0).
 * With slash commands disabled it is refused as claude 2.1.328 refuses it (recorded): its words are
 * the result, no hook fires, nothing is sent.
 */
export async function compactAsPrompt(
  runtime: Pick<Runtime, "compact" | "usage">,
  focus: string,
  disabled = false,
): Promise<PromptResult> {
  if (disabled) return resultWithoutSteps("completed", "/compact isn't available in this environment.");
  const before = runtime.usage.snapshot();
  const outcome = await runtime.compact(focus || undefined);
  const done = outcome.compacted || outcome.empty === true;
  return {
    ...resultWithoutSteps(done ? "completed" : "error", "", done ? undefined : outcome.reason),
    localCommand: "compact",
    // The summary's tokens are the session's cost, as claude 2.1.328 counts them (recorded): in
    // total_cost_usd and modelUsage, not in the prompt's own `usage`.
    usageByModel: runtime.usage.since(before),
  };
}
