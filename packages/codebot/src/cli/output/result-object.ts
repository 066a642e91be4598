/**
 * The `result` object of `-p --output-format json` (and the last line of stream-json), in Claude
 * Code's shape (checked against `claude` 2.1.328, see test/fixtures/claude-code-2.1.328/), with
 * codebot's own status and reason added under names Claude Code does not use.
 */
import { randomUUID } from "node:crypto";
import { emptyUsage, type Usage } from "@codebot/agentcore";
import { claudeToolName } from "@codebot/hooks";
import { notificationOrigin } from "../../agents/task-notification.js";
import type { PermissionDenial } from "../../approval/tool-approval-options.js";
import { costOf, type ModelPriceOverrides } from "../../session/model-prices.js";
import { failureReason, type PromptResult, stoppedAsInterrupt } from "../../session/prompt-result.js";
import { claudeUsage } from "./claude-usage.js";
import type { WireObject } from "./wire.js";

export interface ResultInput {
  result: PromptResult;
  /** The prompt of a turn that answered a background sub-agent's notification: claude's `origin` says so. */
  notification?: string;
  sessionId: string;
  /** The `provider/id` the session ran: `modelUsage`'s key when no model took a step. */
  modelSpec: string;
  durationMs: number;
  /** Time spent waiting for the model. */
  durationApiMs: number;
  /**
   * What the session used so far, this prompt and its sub-agents included, per `provider/id` (a
   * `--fallback-model` apart): `total_cost_usd` and `modelUsage` are the running total, as in
   * claude 2.1.328 (`usage` is the prompt's own, its main agent's).
   */
  processUsage: ReadonlyMap<string, Usage>;
  /** Which of the process's prompts this is, from 0 (claude's `result_index`). */
  index: number;
  denials: readonly PermissionDenial[];
  isError: boolean;
  /** The `models` setting (its prices override the table's). */
  models?: ModelPriceOverrides;
}

export function resultObject(input: ResultInput): WireObject {
  const { result } = input;
  const used = input.processUsage.size > 0 ? input.processUsage : new Map([[input.modelSpec, emptyUsage()]]);
  const perModel = [...used].map(([spec, usage]) => ({
    spec,
    usage,
    cost: costOf(spec, usage, input.models),
  }));
  const usd = inDollars(perModel.reduce((sum, m) => sum + m.cost.usd, 0));
  const known = perModel.every((m) => m.cost.known);
  return {
    type: "result",
    subtype: subtypeOf(result),
    is_error: input.isError,
    duration_ms: input.durationMs,
    duration_api_ms: input.durationApiMs,
    num_turns: result.turns,
    // A failed model call's is its "API Error: …" text, as claude 2.1.328's (recorded): a script
    // reading `.result` gets what went wrong and what to do about it.
    result: result.text,
    session_id: input.sessionId,
    total_cost_usd: usd,
    ...(known ? {} : { cost_unknown: true }),
    // Claude Code's (Anthropic's) convention: input_tokens is the uncached part of the prompts.
    usage: claudeUsage(result.usage),
    modelUsage: Object.fromEntries(
      perModel.map(({ spec, usage, cost }) => [
        spec.slice(spec.indexOf("/") + 1),
        { inputTokens: usage.inputTokens, outputTokens: usage.outputTokens, costUSD: inDollars(cost.usd) },
      ]),
    ),
    ...(result.structuredOutput !== undefined ? { structured_output: result.structuredOutput } : {}),
    permission_denials: input.denials.map((d) => ({ ...d, tool_name: claudeToolName(d.tool_name) })),
    stop_reason: stopReasonOf(result),
    terminal_reason: terminalReasonOf(result),
    ...apiErrorOf(result),
    result_index: input.index,
    ...(input.notification !== undefined ? { origin: notificationOrigin(input.notification) } : {}),
    ...(result.localCommand ? { local_command: result.localCommand } : {}),
    ...reasonFields(result),
    uuid: randomUUID(),
  };
}

/**
 * `reason`: why a run did not complete (every status but `completed` has one), or why a Stop hook
 * still blocked; for a run that did not complete, also Claude Code's `errors` list.
 */
function reasonFields(result: PromptResult): { reason?: string; errors?: string[] } {
  const reason = failureReason(result);
  if (reason === undefined) return {};
  return subtypeOf(result) === "success" ? { reason } : { reason, errors: [reason] };
}

/**
 * codebot's status, but claude 2.1.328's names for a hook's `continue: false`: `stop_hook_prevented`
 * from a Stop hook, `hook_stopped` from any other; `aborted_tools` for PermissionRequest's interrupt.
 */
function terminalReasonOf(result: PromptResult): string {
  // claude 2.1.328's for a request too long (recorded), whose answer is its own advice.
  if (result.apiError !== undefined) return result.apiError.tooLong ? "prompt_too_long" : "api_error";
  if (result.status !== "stopped") return result.status;
  if (stoppedAsInterrupt(result)) return "aborted_tools";
  return result.hookStop?.event === "Stop" ? "stop_hook_prevented" : "hook_stopped";
}

/**
 * Claude Code's three subtypes; codebot's own status is `terminal_reason`. A hook that blocked the
 * prompt or stopped the run is a `success` in claude 2.1.328 (recorded).
 */
function subtypeOf(result: PromptResult): string {
  if (stoppedAsInterrupt(result)) return "error_during_execution";
  if (result.status === "completed" || result.status === "blocked" || result.status === "stopped")
    return "success";
  // claude 2.1.328's for a model call that failed (recorded: is_error true, subtype success).
  if (result.apiError !== undefined) return "success";
  if (result.status === "max_turns") return "error_max_turns";
  if (result.status === "max_budget") return "error_max_budget_usd";
  return "error_during_execution";
}

/**
 * claude 2.1.328's `api_error_status` (null without one) and `api_error_type` of a failed model
 * call, and `api_error` for one without a status (recorded: `max_output_tokens`, `connection_failed`).
 */
function apiErrorOf(result: PromptResult): WireObject {
  const error = result.apiError;
  if (error === undefined) return {};
  return {
    api_error_status: error.status ?? null,
    ...(error.type !== undefined ? { api_error_type: error.type } : {}),
    ...(error.failure !== undefined ? { api_error: error.failure } : {}),
  };
}

/** claude 2.1.328's: a failed model call's answer is a synthetic message ended by `stop_sequence`. */
function stopReasonOf(result: PromptResult): string | null {
  if (result.apiError !== undefined) return "stop_sequence";
  return result.status === "completed" || result.hookStop?.event === "Stop" ? "end_turn" : null;
}

/** Dollars as Claude Code reports them: no float noise past the ninth decimal. */
function inDollars(usd: number): number {
  return Math.round(usd * 1e9) / 1e9;
}
