import { emptyUsage, type LoopResult, type Usage } from "@codebot/agentcore";
import type { ModelMessage } from "ai";
import type { ApiErrorFields } from "./stop-failure.js";

/** `stopped`: a hook answered `continue: false` (Claude Code), and `reason` carries its stopReason. */
export type PromptStatus =
  | "completed"
  | "blocked"
  | "stopped"
  | "aborted"
  | "error"
  | "max_turns"
  | "max_budget"
  | "validation_failed";

/**
 * A hook's `continue: false`, as claude 2.1.328 reports it: from UserPromptSubmit before the
 * prompt reached the model, from Stop at the main agent's end, else (absent) from a tool's hook.
 */
export interface HookStop {
  event?: "UserPromptSubmit" | "Stop";
  reason: string;
  /**
   * PermissionRequest's `interrupt: true`: claude 2.1.328 ends the run as the user's interrupt
   * (recorded: `-p` exits 1, `error_during_execution`, `terminal_reason` `aborted_tools`).
   */
  interrupt?: true;
}

/** A hook's stop that claude reports as an interrupted run, not a success. */
export function stoppedAsInterrupt(result: PromptResult): boolean {
  return result.status === "stopped" && result.hookStop?.interrupt === true;
}

/** What one `prompt()` came to. */
export interface PromptResult {
  status: PromptStatus;
  /** The agent's final answer: the text of its last message ("" when there is none). */
  text: string;
  /**
   * Why it did not complete: the hook's reason, the error, or the last validation output; for a
   * completed run whose Stop hooks still blocked after the last attempt, that hook's reason.
   */
  reason?: string;
  /** Status `blocked`: how Claude Code words the block for the user, where that is not `reason` (a command's exit 2). */
  blockNotice?: string;
  /** Status `blocked`: the event whose hook blocked the prompt (absent: UserPromptSubmit). */
  blockedBy?: "UserPromptExpansion";
  /** Status `stopped` by a hook's `continue: false`: its own words, and the event when claude reports it apart. */
  hookStop?: HookStop;
  /** Status `error` because a model call failed for good: its HTTP status and the provider's error type (stop-failure.ts). */
  apiError?: ApiErrorFields;
  /** Model steps taken. */
  turns: number;
  /** Every message the run added to the conversation. */
  messages: ModelMessage[];
  usage: Usage;
  /** `--json-schema`: the answer the model gave through the `structured_output` tool. */
  structuredOutput?: Record<string, unknown>;
  /** `usage` per `provider/id` of the models that took steps (a fallback's apart). */
  usageByModel: ReadonlyMap<string, Usage>;
  /** PostStopValidation in this prompt: how often the hooks ran, and the last failure's output. */
  validation: { attempts: number; lastFeedback?: string };
  /** The prompt was a built-in command (`/compact`, `/clear`, … in `-p`, as typed): claude's `local_command`. */
  localCommand?: string;
  /** `reason` was said on stderr already, as the session's own notice (a `/compact` that failed): not said again. */
  reasonSaid?: true;
}

/** A prompt's result that took no model step: ended before the model (a hook, a halt) or run without it. */
export function resultWithoutSteps(status: PromptStatus, text = "", reason?: string): PromptResult {
  return {
    status,
    text,
    ...(reason !== undefined ? { reason } : {}),
    turns: 0,
    messages: [],
    usage: emptyUsage(),
    usageByModel: new Map(),
    validation: { attempts: 0 },
  };
}

/** The text of the last assistant message that has any. */
export function finalText(messages: readonly ModelMessage[]): string {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i] as ModelMessage;
    if (m.role !== "assistant") continue;
    const text =
      typeof m.content === "string"
        ? m.content
        : m.content
            .filter((p) => p.type === "text")
            .map((p) => p.text)
            .join("");
    if (text !== "") return text;
  }
  return "";
}

/**
 * Why the run did not complete, in words for the user: its own reason (a hook's, an error's), else
 * what its status means, as the turn limit and a cancelled run carry no reason of their own. For a
 * completed run: the Stop hook's reason if one still blocked at the end, else undefined.
 */
export function failureReason(result: PromptResult): string | undefined {
  if (result.status === "completed" || (result.reason !== undefined && result.reason !== ""))
    return result.reason;
  switch (result.status) {
    case "max_turns":
      return `stopped after ${result.turns} model steps (--max-turns)`;
    case "max_budget":
      return "the spending limit was reached (--max-budget-usd)";
    case "aborted":
      return "the run was cancelled";
    default:
      return `the run ended with status ${result.status}`;
  }
}

/** A finished run's status (`stop` is `completed` unless validation still failed). */
export function statusOf(result: LoopResult, validationExhausted: boolean): PromptStatus {
  switch (result.reason) {
    case "stop":
      return validationExhausted ? "validation_failed" : "completed";
    case "max_turns":
      return "max_turns";
    case "max_budget":
      return "max_budget";
    case "aborted":
      return "aborted";
    case "error":
      return "error";
  }
}
