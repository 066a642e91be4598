import type { ToolMiddleware } from "@codebot/agentcore";
import { type Decision, systemReminder } from "@codebot/hooks";
import type { ValidationMark } from "./validation-mark.js";

/** The reminder a failed validation sends back to the agent (§9.3); reminder tags in the output are defused. */
export function validationReminder(feedback: string): string {
  return systemReminder(
    `The PostStopValidation hook failed. Fix the problem based on the following output:\n${feedback}`,
  );
}

export interface ValidationOutcome {
  /** How many times the hooks ran during this prompt. */
  attempts: number;
  /** The run ended because the hooks still failed after the last allowed attempt. */
  exhausted: boolean;
  lastFeedback?: string;
}

/**
 * PostStopValidation exactly as §9.3. A successful mutating call (any agent) marks the session
 * unverified; at a natural stop of an unverified session the hooks run; a pass clears the mark
 * unless another change happened meanwhile; a failure sends the feedback back and the run goes
 * on, until `maxAttempts` consecutive failures in one prompt end it. The mark is kept on disk
 * (ValidationMark), so a session resumed after an interrupted run still validates its changes.
 */
export class StopValidation {
  private unverified = false;
  /** Counts changes, so a pass can tell whether something changed while the hooks ran. */
  private changes = 0;
  private attempts = 0;
  private failures = 0;
  private exhausted = false;
  private lastFeedback: string | undefined;

  constructor(
    private readonly run: (input: { stopHookActive: boolean; signal: AbortSignal }) => Promise<Decision>,
    private readonly maxAttempts: number,
    private readonly mark: ValidationMark,
  ) {
    this.unverified = mark.isSet();
  }

  /** `/clear`, `/resume`: another session, with its own mark. */
  switchTo(markFile: string): void {
    this.mark.switchTo(markFile);
    this.unverified = this.mark.isSet();
  }

  /** Innermost tool middleware: sees only calls that really ran. */
  middleware(): ToolMiddleware {
    return async (call, next, ctx) => {
      const result = await next(call);
      if (ctx.tool.mutating === true && !result.isError) {
        if (!this.unverified) this.mark.set();
        this.unverified = true;
        this.changes++;
      }
      return result;
    };
  }

  /** Resets the per-prompt attempt count. */
  startPrompt(): void {
    this.attempts = 0;
    this.failures = 0;
    this.exhausted = false;
    this.lastFeedback = undefined;
  }

  /** The kernel's `onStop`: a reminder keeps the same run going; undefined lets it end. */
  onStop = async ({ signal }: { signal: AbortSignal }): Promise<string | undefined> => {
    if (!this.unverified) return undefined;
    const changesBefore = this.changes;
    this.attempts++;
    const decision = await this.run({ stopHookActive: this.failures > 0, signal });
    if (signal.aborted) return undefined;
    if (decision.kind !== "block") {
      this.failures = 0;
      this.lastFeedback = undefined;
      if (this.changes === changesBefore) {
        this.unverified = false;
        this.mark.clear();
      }
      return undefined;
    }
    this.failures++;
    this.lastFeedback = decision.reason;
    if (this.failures >= this.maxAttempts) {
      this.exhausted = true;
      return undefined;
    }
    return validationReminder(this.lastFeedback);
  };

  outcome(): ValidationOutcome {
    const outcome: ValidationOutcome = { attempts: this.attempts, exhausted: this.exhausted };
    if (this.lastFeedback !== undefined) outcome.lastFeedback = this.lastFeedback;
    return outcome;
  }
}
