import type { ToolCall, ToolResult } from "@codebot/agentcore";
import { EXIT_PLAN_MODE } from "../../tools/plan-mode-tools.js";

/**
 * A plan the user refused at the terminal's question (exit_plan_mode answered n, or Esc), which
 * ends the turn: claude 2.1.328 shows `⎿ Rejected Claude's plan:` over the plan (recorded,
 * docs/claude-code.md), not the refusal it sends the model. codebot's question left the plan on
 * the screen just above, so the line says the same in codebot's name and points at it instead of
 * repeating it. An SDK program's deny goes on with the turn, and is shown as any failed call.
 */
export function isRefusedPlan(call: ToolCall, result: ToolResult): boolean {
  return call.name === EXIT_PLAN_MODE && result.endsTurn === true;
}

export const REFUSED_PLAN_TEXT = "Rejected codebot's plan (shown above); still in plan mode";
