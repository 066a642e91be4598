import type { PermissionMode } from "../settings/runtime-settings.js";
import { EXIT_PLAN_MODE } from "../tools/plan-mode-tools.js";

/** Prompts in plan mode from one reminder to the next (claude 2.1.328: the 1st, 7th, 13th, recorded). */
const PROMPTS_BETWEEN_REMINDERS = 6;

const FULL_OPENING =
  "Plan mode is active. The user indicated that they do not want you to execute yet -- you MUST NOT make any edits, run any non-readonly tools (including changing configs or making commits), or otherwise make any changes to the system. This supersedes any other instructions you have received.";

/**
 * What a sub-agent started in plan mode is told, in claude 2.1.328's words for its sub-agents
 * (recorded: "… (for example, to make edits). Instead, you should:", less its plan file and
 * AskUserQuestion): it cannot leave plan mode, so its plan or findings are its answer.
 */
export const SUBAGENT_PLAN_MODE = `${FULL_OPENING.replace(/\.$/, "")} (for example, to make edits). Instead, you should answer the query comprehensively with what you can find read-only (reads, searches, and commands that only read): only the user can leave plan mode.`;

/** claude 2.1.328's words as plan mode is left (recorded: after an approved plan and after shift+tab). */
export const EXITED_PLAN_MODE =
  "## Exited Plan Mode\n\nYou have exited plan mode. You can now make edits, run tools, and take actions.";

/**
 * What the model is told of plan mode, as claude 2.1.328 tells it (recorded): the full reminder on
 * the first prompt in plan mode (or with enter_plan_mode's result), a short one every sixth prompt
 * after, and claude's "Exited Plan Mode" once the mode is left (with exit_plan_mode's approval, or
 * at the next prompt after shift+tab). Without it a model goes on trying to edit. The words are
 * claude's, less its plan file and its Explore and Plan agents (codebot has none of them).
 */
export class PlanModeReminder {
  /** Whether the model was last told it is in plan mode, and the prompts since that reminder. */
  private toldPlan = false;
  private promptsSince = 0;

  constructor(
    private readonly mode: () => PermissionMode,
    /** exit_plan_mode is offered: someone can approve a plan (plan-mode-tools.ts). */
    private readonly canExit: boolean,
  ) {}

  /** The reminder a prompt carries, if any: read once per prompt, as it is sent. */
  forPrompt(): string | undefined {
    if (this.mode() !== "plan") {
      if (!this.toldPlan) return undefined;
      this.toldPlan = false;
      return EXITED_PLAN_MODE;
    }
    if (!this.toldPlan) return this.entered();
    this.promptsSince += 1;
    if (this.promptsSince < PROMPTS_BETWEEN_REMINDERS) return undefined;
    this.promptsSince = 0;
    return this.canExit
      ? `Plan mode still active (see full instructions earlier in conversation). Read-only. End turns with ${EXIT_PLAN_MODE} (for plan approval) or a question about the requirements. Never ask about plan approval in text.`
      : "Plan mode still active (see full instructions earlier in conversation). Read-only: give your plan as your answer.";
  }

  /** The full reminder, now given (at a prompt, or with enter_plan_mode's result). */
  entered(): string {
    this.toldPlan = true;
    this.promptsSince = 0;
    const workflow = this.canExit
      ? `Explore the code read-only (reads, searches, and commands that only read), design an approach, then present your plan with ${EXIT_PLAN_MODE} for the user's approval. End your turn only with ${EXIT_PLAN_MODE} or a question to the user about the requirements; do not ask about plan approval in any other way ("Is this plan okay?", "Should I proceed?"): that is what ${EXIT_PLAN_MODE} is for.`
      : "Explore the code read-only (reads, searches, and commands that only read), design an approach, and give your plan as your answer: only the user can leave plan mode.";
    return `${FULL_OPENING}\n\n${workflow}`;
  }

  /** Plan mode was left with the user's approval: the words exit_plan_mode's result carries. */
  exited(): string {
    this.toldPlan = false;
    return EXITED_PLAN_MODE;
  }

  /** A new conversation (`/clear`, `/resume`) or a compacted one: it has been told nothing. */
  startOver(): void {
    this.toldPlan = false;
    this.promptsSince = 0;
  }
}
