/**
 * `/compact [focus]` given as the prompt of `-p` (or a stream-json message): claude 2.1.328 runs
 * it as its `/compact` command — PreCompact, the summary, SessionStart `compact` — and reports a
 * `success` result with `local_command: "compact"` and an empty `result` (recorded), instead of
 * sending the text to the model (print-commands.ts tells it from a prompt).
 */
import { type PromptResult, resultWithoutSteps } from "../session/prompt-result.js";
import type { Runtime } from "../session/runtime.js";

/**
 * Compacts the conversation and reports it as a prompt's result: an error when it could not, but
 * a success when there was nothing to compact, as claude's (its "No messages to compact" is exit 0).
 */
export async function compactAsPrompt(
  runtime: Pick<Runtime, "compact" | "usage">,
  focus: string,
): Promise<PromptResult> {
  const before = runtime.usage.snapshot();
  const outcome = await runtime.compact(focus || undefined);
  const done = outcome.compacted || outcome.empty === true;
  return {
    ...resultWithoutSteps(done ? "completed" : "error", "", done ? undefined : outcome.reason),
    // The compaction says how it failed (blocked, failed, interrupted) as the session's notice.
    ...(done ? {} : { reasonSaid: true as const }),
    // The summary's tokens are the session's cost, as claude 2.1.328 counts them (recorded): in
    // total_cost_usd and modelUsage, not in the prompt's own `usage`.
    usageByModel: runtime.usage.since(before),
  };
}
