/**
 * The one kernel tool middleware through which every tool call of every agent passes (§9.1):
 * PreToolUse before `next()` (veto, rewrite, context), PostToolUse after it (async observation).
 */
import type { ToolCall, ToolContext, ToolMiddleware, ToolNext, ToolResult } from "@codebot/agentcore";
import type { HardDecision } from "./evaluate.js";
import type { EventInputs } from "./payload.js";
import { systemReminder } from "./system-reminder.js";

/** The part of the runner the middleware uses. */
export interface ToolHooks {
  hasHooks(event: "PreToolUse" | "PostToolUse"): boolean;
  preToolUse(input: EventInputs["PreToolUse"] & { signal?: AbortSignal }): Promise<HardDecision>;
  postToolUse(input: EventInputs["PostToolUse"]): void;
  /** Marks a tool call as foreground work, which background hooks wait for (bounded). */
  foreground<T>(work: () => Promise<T>): Promise<T>;
}

function errorResult(content: string): ToolResult {
  return { content, isError: true };
}

export function createHookMiddleware(hooks: ToolHooks): ToolMiddleware {
  return (call, next, ctx) => hooks.foreground(() => around(hooks, call, next, ctx));
}

async function around(
  hooks: ToolHooks,
  call: ToolCall,
  next: ToolNext,
  ctx: ToolContext,
): Promise<ToolResult> {
  let runCall = call;
  let context: string | undefined;
  if (hooks.hasHooks("PreToolUse")) {
    const decision = await hooks.preToolUse({
      tool: call.name,
      toolUseId: call.id,
      args: call.args,
      agentName: ctx.agentName,
      signal: ctx.signal,
    });
    if (decision.blocked) return errorResult(`hook: ${decision.reason ?? "blocked by hook"}`);
    // A cancelled run must not start the tool, even if the hook that was killed "allowed" it.
    if (ctx.signal.aborted) return errorResult("hook: run cancelled before the tool started");
    if (decision.updatedInput) {
      // Rewritten arguments are checked like the model's own, and a bad rewrite names its hook.
      const check = ctx.validateArgs(decision.updatedInput);
      if (!check.ok) {
        return errorResult(`hook ${decision.updatedBy}: rewritten arguments are invalid: ${check.error}`);
      }
      runCall = { ...call, args: check.args };
    }
    context = decision.additionalContext;
  }
  const result = await next(runCall);
  if (hooks.hasHooks("PostToolUse")) {
    hooks.postToolUse({
      tool: runCall.name,
      toolUseId: runCall.id,
      args: runCall.args,
      output: result.content,
      isError: result.isError,
      agentName: ctx.agentName,
    });
  }
  if (!context) return result;
  // Context for the model travels with the tool result, after it, as a tagged reminder.
  return {
    ...result,
    content: `${result.content}\n\n${systemReminder(`PreToolUse hook context:\n${context}`)}`,
  };
}
