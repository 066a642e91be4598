import type { Agent } from "@codebot/agentcore";
import type { HookRunner } from "@codebot/hooks";
import type { TranscriptWriter } from "../transcript/transcript-writer.js";
import { finalText, type PromptResult, statusOf } from "./prompt-result.js";
import type { SessionEvents } from "./session-events.js";
import type { StopValidation } from "./stop-validation.js";
import { userTurn } from "./user-turn.js";

export interface SessionParts {
  agent: Agent;
  runner: HookRunner;
  transcript: TranscriptWriter;
  events: SessionEvents;
  validation: StopValidation;
}

const NO_USAGE = { inputTokens: 0, outputTokens: 0 };

/**
 * One conversation: `prompt()` runs UserPromptSubmit, then the main agent (whose natural stops
 * go through PostStopValidation), then fires Notification once the run has fully settled.
 */
export class Session {
  private running: Promise<PromptResult> | undefined;
  private controller: AbortController | undefined;

  constructor(private readonly parts: SessionParts) {
    parts.agent.subscribe((event) => {
      if (event.type === "message_end") parts.transcript.append(event.message, "main");
      parts.events.emit({ kind: "agent", agentName: "main", event });
    });
  }

  get isRunning(): boolean {
    return this.running !== undefined;
  }

  prompt(text: string): Promise<PromptResult> {
    if (this.running)
      return Promise.reject(new Error("session: a prompt is already running; wait for it or abort it"));
    const run = this.run(text).finally(() => {
      this.running = undefined;
      this.controller = undefined;
    });
    this.running = run;
    return run;
  }

  /** Cancels the prompt in progress (its hook or its run); nothing happens when idle. */
  abort(): void {
    this.controller?.abort(new Error("session: aborted"));
    this.parts.agent.abort();
  }

  /** Resolves when no prompt is running. */
  async settled(): Promise<void> {
    await this.running?.catch(() => undefined);
  }

  private async run(text: string): Promise<PromptResult> {
    const { agent, runner, transcript, validation } = this.parts;
    const controller = new AbortController();
    this.controller = controller;
    const early = (status: "blocked" | "aborted" | "error", reason: string): PromptResult => ({
      status,
      text: "",
      reason,
      turns: 0,
      messages: [],
      usage: { ...NO_USAGE },
      validation: { attempts: 0 },
    });

    let decision: Awaited<ReturnType<HookRunner["userPromptSubmit"]>>;
    try {
      decision = await runner.userPromptSubmit({ prompt: text, signal: controller.signal });
    } catch (error) {
      return early("error", `hook: UserPromptSubmit failed: ${(error as Error).message}`);
    }
    if (controller.signal.aborted) return early("aborted", "aborted before the prompt reached the model");
    if (decision.blocked) return early("blocked", decision.reason ?? "blocked by hook");

    const message = userTurn(text, decision.additionalContext);
    transcript.append(message, "main");
    validation.startPrompt();
    const result = await agent.prompt(message);
    const outcome = validation.outcome();
    // The run has fully settled (validation continuations included): tell the outside once.
    runner.notification({ message: "agent response complete" });

    const status = statusOf(result, outcome.exhausted);
    const promptResult: PromptResult = {
      status,
      text: finalText(result.newMessages),
      turns: result.turns,
      messages: result.newMessages,
      usage: result.usage,
      validation: { attempts: outcome.attempts },
    };
    if (outcome.lastFeedback !== undefined) promptResult.validation.lastFeedback = outcome.lastFeedback;
    if (status === "validation_failed") {
      promptResult.reason = `validation still fails after ${outcome.attempts} attempts:\n${outcome.lastFeedback ?? ""}`;
    } else if (status === "error") {
      promptResult.reason = result.error?.message ?? "the run failed";
    }
    return promptResult;
  }
}
