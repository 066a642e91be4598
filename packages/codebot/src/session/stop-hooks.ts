import type { StopInfo } from "@codebot/agentcore";
import { type Decision, systemReminder } from "@codebot/hooks";
import type { ModelMessage } from "ai";
import { finalText } from "./prompt-result.js";

/** The reminder a blocking Stop (or SubagentStop) hook sends back to the agent; reminder tags in the reason are defused. */
export function stopHookReminder(reason: string, event: StopEvent = "Stop"): string {
  return systemReminder(
    `A ${event} hook did not let you stop yet. Continue based on its feedback:\n${reason}`,
  );
}

/** What a Stop (or SubagentStop) hook's `additionalContext` sends back: not a refusal, but the agent goes on (claude 2.1.328's words). */
function stopContextReminder(context: string, event: StopEvent): string {
  return systemReminder(`${event} hook additional context: ${context}`);
}

/** The main agent's stop, or a sub-agent's. */
type StopEvent = "Stop" | "SubagentStop";

export interface StopHooksOutcome {
  /** Consecutive blocks at the end of this prompt. */
  blocks: number;
  /** Set when the run ended because the Stop hooks still blocked after the last allowed attempt. */
  exhaustedReason?: string;
}

export interface StopHooksDeps {
  /** `lastAttempt`: a block now ends the run at the cap, the agent is not sent back. */
  fire(
    input: {
      stopHookActive: boolean;
      lastAssistantMessage: string;
      /** The stopping agent's conversation (a Claude Code prompt hook's model reads it). */
      conversation: readonly ModelMessage[];
      signal: AbortSignal;
    },
    lastAttempt: boolean,
  ): Promise<Decision>;
  /** Whether any Stop hook is configured (the common case: none, and nothing to wait for). */
  configured(): boolean;
  /** The most consecutive blocks per prompt (stop-hook-cap.ts). */
  maxAttempts: number;
  /** A Stop hook answered `continue: false` (SubagentStop's groups cannot). */
  stopRun?(stop: { reason: string; hook: string; event: "Stop" }): void;
  /** Which stop: the main agent's (default) or a sub-agent's. */
  event?: StopEvent;
}

/**
 * Claude Code's `Stop` event (§11): at every natural stop of the main agent the Stop hooks run;
 * a block keeps the same run going with the reason fed back to the model, up to `maxAttempts`
 * consecutive blocks per prompt. `stop_hook_active` is true for the stop that follows a
 * continuation a Stop hook asked for. A hook's `additionalContext` keeps the run going too, as
 * context rather than a refusal (claude 2.1.328). A sub-agent's run has one of its own for
 * SubagentStop, whose Claude Code groups block and add context the same way.
 */
export class StopHooks {
  private blocks = 0;
  private active = false;
  private exhaustedReason: string | undefined;

  constructor(private readonly deps: StopHooksDeps) {}

  startPrompt(): void {
    this.blocks = 0;
    this.active = false;
    this.exhaustedReason = undefined;
  }

  /** Part of the kernel's `onStop`: a reminder keeps the run going; undefined lets it end. */
  onStop = async (info: StopInfo): Promise<string | undefined> => {
    if (!this.deps.configured()) return undefined;
    const decision = await this.fire(info, this.blocks + 1 >= this.deps.maxAttempts);
    if (info.signal.aborted) return undefined;
    if (decision.kind === "stop") {
      this.deps.stopRun?.({ hook: decision.by, reason: decision.reason, event: "Stop" });
      return undefined;
    }
    if (decision.kind === "allow" && decision.context === undefined) {
      this.active = false;
      this.blocks = 0;
      return undefined;
    }
    // A block, or context for the agent: either keeps it going, and counts toward the cap.
    this.blocks++;
    if (this.blocks >= this.deps.maxAttempts) {
      if (decision.kind === "block") this.exhaustedReason = decision.reason;
      this.active = false;
      return undefined;
    }
    this.active = true;
    const event = this.deps.event ?? "Stop";
    return decision.kind === "block"
      ? stopHookReminder(decision.reason, event)
      : stopContextReminder(decision.context ?? "", event);
  };

  /**
   * A natural stop where the run ends whatever the hooks answer: PostStopValidation gave up after
   * its last attempt (HOOKS.md §9.3: "then the run ends"). Stop still fires there, as at every
   * natural stop (§11), marked as the last attempt; a block or `continue: false` changes nothing.
   */
  onFinalStop = async (info: StopInfo): Promise<void> => {
    if (!this.deps.configured()) return;
    await this.fire(info, true);
    this.active = false;
  };

  private async fire(
    { newMessages, messages, signal, delivered }: StopInfo,
    lastAttempt: boolean,
  ): Promise<Decision> {
    // A hook that reads the last assistant message from transcript_path must find it there: the
    // transcript is written by the session's listener, once the kernel's events have reached it.
    await delivered();
    return this.deps.fire(
      {
        stopHookActive: this.active,
        lastAssistantMessage: finalText(newMessages),
        conversation: messages,
        signal,
      },
      lastAttempt,
    );
  }

  outcome(): StopHooksOutcome {
    return {
      blocks: this.blocks,
      ...(this.exhaustedReason !== undefined ? { exhaustedReason: this.exhaustedReason } : {}),
    };
  }
}
