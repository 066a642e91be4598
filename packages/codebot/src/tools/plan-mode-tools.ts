import type { Tool, ToolCall, ToolContext } from "@codebot/agentcore";
import { systemReminder } from "@codebot/hooks";
import { z } from "zod";
import type { PermissionMode } from "../settings/runtime-settings.js";

export const ENTER_PLAN_MODE = "enter_plan_mode";
export const EXIT_PLAN_MODE = "exit_plan_mode";

/**
 * A person's answer to a plan: approved, or refused (with what they said, when they said
 * something; `endsTurn` when the refusal ends the turn, as a "no" in claude's terminal does).
 */
export type PlanAnswer = { approved: true } | { approved: false; message?: string; endsTurn?: true };

/** What the plan tools change and whom they ask: the session's permission mode, and its person. */
export interface PlanModeHost {
  mode(): PermissionMode;
  setMode(mode: PermissionMode): void;
  /** The mode the session left for the plan mode in force, however it came into it: what an approved plan returns to. */
  modeBeforePlan(): PermissionMode;
  /**
   * Shows the plan to the person (the terminal's question, the Agent SDK's `can_use_tool`) and
   * returns their answer; `returnsTo` is the mode a yes switches to (the terminal's question names it).
   */
  approvePlan(call: ToolCall, ctx: ToolContext, plan: string, returnsTo: PermissionMode): Promise<PlanAnswer>;
  /** What the model is told as the mode switches, after the tool's result (plan-mode-reminder.ts). */
  reminder: { entered(): string; exited(): string };
}

/** claude 2.1.328's EnterPlanMode result (recorded), less its AskUserQuestion step: codebot has no such tool. */
export const ENTERED_PLAN_MODE = `Entered plan mode. You should now focus on exploring the codebase and designing an implementation approach.

In plan mode, you should:
1. Thoroughly explore the codebase to understand existing patterns
2. Identify similar features and architectural approaches
3. Consider multiple approaches and their trade-offs
4. Design a concrete implementation strategy
5. When ready, use ${EXIT_PLAN_MODE} to present your plan for approval

Remember: DO NOT write or edit any files yet. This is a read-only exploration and planning phase.`;

/** claude 2.1.328's ExitPlanMode result once the plan is approved (recorded). */
export const PLAN_APPROVED = "User has approved exiting plan mode. You can now proceed.";

/**
 * The result of a plan refused in the terminal: claude 2.1.328's (recorded: its "No" answers its
 * rejection of any tool call, and ends the turn, as codebot's does).
 */
export const PLAN_REFUSED =
  "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). STOP what you are doing and wait for the user to tell you how to proceed.";

const enterSchema = z.object({}).strict();
const exitSchema = z.object({
  plan: z
    .string()
    .min(1)
    .describe("The plan you came up with, that you want to run by the user for approval. Markdown, concise."),
});

/**
 * Claude Code's EnterPlanMode and ExitPlanMode. enter_plan_mode switches the session to plan mode
 * at once (claude 2.1.328 asks nobody, recorded); exit_plan_mode shows the plan to the person,
 * and on their yes returns to the mode the session left for this plan mode, by this tool or any
 * other switch (`ask` for a session that started in plan mode). Neither is `mutating`: plan mode offers both, and each changes nothing
 * in the project. Sub-agents get neither (the session's mode is the main agent's).
 */
export function planModeTools(host: PlanModeHost): Tool[] {
  const enter: Tool<z.infer<typeof enterSchema>> = {
    name: ENTER_PLAN_MODE,
    description:
      "Switches the session to plan mode before a non-trivial implementation task (a new feature, several valid approaches, changes to many files, unclear requirements): there you explore the code read-only and design an approach, then present it with exit_plan_mode for the user's approval. Skip it for small, clear fixes and for pure research.",
    inputSchema: enterSchema,
    async execute() {
      if (host.mode() === "plan") return { content: "You are already in plan mode.", isError: true };
      host.setMode("plan");
      return {
        content: `${ENTERED_PLAN_MODE}\n\n${systemReminder(host.reminder.entered())}`,
        isError: false,
      };
    },
  };
  const exit: Tool<z.infer<typeof exitSchema>> = {
    name: EXIT_PLAN_MODE,
    description:
      "In plan mode, once your plan is complete: presents it to the user for approval. On their approval plan mode ends and you can carry the plan out; otherwise keep planning. Use it only to plan the implementation of a task that writes code, not after research; do not ask the user whether the plan is ready in any other way.",
    inputSchema: exitSchema,
    async execute(args, ctx) {
      if (host.mode() !== "plan")
        return { content: "You are not in plan mode: there is no plan to approve.", isError: true };
      const call = { id: ctx.callId, name: EXIT_PLAN_MODE, args };
      const answer = await host.approvePlan(call, ctx, args.plan, host.modeBeforePlan());
      if (!answer.approved)
        return {
          content: answer.message ?? PLAN_REFUSED,
          isError: true,
          ...(answer.endsTurn ? { endsTurn: true } : {}),
        };
      // The mode may have been changed meanwhile (shift+tab while the question was open).
      if (host.mode() === "plan") host.setMode(host.modeBeforePlan());
      const content = `${PLAN_APPROVED}\n\n${systemReminder(host.reminder.exited())}`;
      return { content, isError: false, data: { plan: args.plan } };
    },
  };
  return [enter, exit];
}
