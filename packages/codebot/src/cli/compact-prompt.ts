/**
 * `/compact [focus]` given as the prompt of `-p` (or a stream-json message): claude 2.1.328 runs
 * it as its `/compact` command — PreCompact, the summary, SessionStart `compact` — and reports a
 * `success` result with `local_command: "compact"` and an empty `result` (recorded), instead of
 * sending the text to the model.
 */
import { emptyUsage } from "@codebot/agentcore";
import type { PromptResult } from "../session/prompt-result.js";
import type { Runtime } from "../session/runtime.js";

const COMPACT = /^\/compact(?:\s+([\s\S]*))?$/;

/** The focus of a `/compact` prompt ("" when none), or undefined for any other prompt. */
export function compactFocusOf(prompt: string): string | undefined {
  const match = COMPACT.exec(prompt.trim());
  return match === null ? undefined : (match[1] ?? "").trim();
}

/**
 * Compacts the conversation and reports it as a prompt's result: an error when it could not, but
 * a success when there was nothing to compact, as claude's (its "No messages to compact" is exit 0).
 */
export async function compactAsPrompt(
  runtime: Pick<Runtime, "compact">,
  focus: string,
): Promise<PromptResult> {
  const outcome = await runtime.compact(focus || undefined);
  const done = outcome.compacted || outcome.empty === true;
  return {
    status: done ? "completed" : "error",
    ...(done ? {} : { reason: outcome.reason }),
    localCommand: "compact",
    text: "",
    turns: 0,
    messages: [],
    usage: emptyUsage(),
    usageByModel: new Map(),
    validation: { attempts: 0 },
  };
}
