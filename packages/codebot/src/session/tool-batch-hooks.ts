/**
 * PostToolBatch (Claude Code's event): once the tool calls of one model step have all finished,
 * before the next model call. A hook that blocks (or answers `continue: false`) ends the run
 * there, as Claude Code stops continuing; context goes to the model before its next step.
 * A sub-agent's steps fire it too (`agentName`: its run), as claude 2.1.328 fires it there.
 */
import { type ExecutedCall, userMessage } from "@codebot/agentcore";
import { type HookRunner, systemReminder } from "@codebot/hooks";
import type { ModelMessage } from "ai";

export function postToolBatchHooks(
  runner: HookRunner,
  stopRun: (stop: { hook: string; reason: string }) => void,
  agentName = "main",
): (info: { calls: readonly ExecutedCall[]; signal: AbortSignal }) => Promise<ModelMessage[] | undefined> {
  return async ({ calls, signal }) => {
    if (!runner.hasHooks("PostToolBatch")) return undefined;
    const decision = await runner.fire("PostToolBatch", {
      toolCalls: calls.map(({ call, result }) => ({
        tool: call.name,
        toolUseId: call.id,
        args: call.args,
        // The result as the tool gave it, as claude 2.1.328 gives it: without what the call's own
        // hooks told the model after it (recorded: a PostToolUseFailure hook's additionalContext).
        output: result.ownContent ?? result.content,
        isError: result.isError,
      })),
      agentName,
      signal,
    });
    if (decision.kind !== "allow") {
      stopRun({ hook: decision.by, reason: decision.reason });
      return undefined;
    }
    return decision.context
      ? [userMessage(systemReminder(`PostToolBatch hook context:\n${decision.context}`))]
      : undefined;
  };
}
