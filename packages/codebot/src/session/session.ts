import type { LanguageModelV3 } from "@ai-sdk/provider";
import { type Agent, type ContextMeter, ModelCallError } from "@codebot/agentcore";
import { type HookRunner, type ResumedCache, RunEndedByHook } from "@codebot/hooks";
import type { ModelMessage } from "ai";
import type { SteeredOrigins } from "../agents/steered-origins.js";
import { hookPromptOf, notificationOrigin } from "../agents/task-notification.js";
import { markTypedPrompt } from "../approval/typed-prompts.js";
import type { PromptExpansion } from "../mcp/prompt-command.js";
import type { Expansion } from "../skills/slash-expansion.js";
import type { ModelFileViews } from "../tools/model-file-views.js";
import type { StructuredOutput } from "../tools/structured-output-tool.js";
import { INTERRUPTED_DURING_TOOL_NOTE, INTERRUPTED_NOTE } from "../transcript/interruption-line.js";
import type { TranscriptLine } from "../transcript/transcript-line.js";
import type { TranscriptWriter } from "../transcript/transcript-writer.js";
import type { Compaction, CompactOutcome, CompactPart } from "./compaction.js";
import { joinContext } from "./joined-context.js";
import { apiErrorText, withModelErrorAdvice } from "./model-error-advice.js";
import type { PlanModeReminder } from "./plan-mode-reminder.js";
import type { PromptIds } from "./prompt-ids.js";
import { finalText, type PromptResult, resultWithoutSteps, statusOf } from "./prompt-result.js";
import type { SessionEvents } from "./session-events.js";
import { type SessionStartEffects, takeSessionStartAnswer } from "./session-start-answer.js";
import { nameSession } from "./session-title.js";
import type { SpendingLimit } from "./spending-limit.js";
import { apiErrorFields, retryRecord } from "./stop-failure.js";
import type { StopHooks } from "./stop-hooks.js";
import type { StopValidation } from "./stop-validation.js";
import { userTurn } from "./user-turn.js";

/** Who sent a prompt: the user, or a background run's end (its `<task-notification>`). */
export type PromptFrom = "user" | "notification";

export interface SessionParts {
  agent: Agent;
  runner: HookRunner;
  transcript: TranscriptWriter;
  events: SessionEvents;
  validation: StopValidation;
  stopHooks: StopHooks;
  /** The context in use, fed with the main agent's events. */
  meter: ContextMeter;
  compaction: Compaction;
  /** Messages for the user. */
  notify(message: string): void;
  /** Skills and commands: `/name args` is expanded before it reaches the model (skills/). */
  skills?: {
    expand(text: string, signal: AbortSignal): Promise<Expansion>;
    promptEnded(): void;
    /** A fresh conversation: the hooks of the skills loaded in the old one leave. */
    reset(): void;
  };
  /** The MCP servers' prompts: `/mcp__<server>__<prompt> args` is expanded when no skill has that name. */
  mcpPrompts?(text: string, signal: AbortSignal): Promise<PromptExpansion>;
  /** What a SessionStart answer changes (skills read again, files watched, the title). */
  sessionStartEffects: SessionStartEffects;
  /** Each user prompt's id, for Claude Code hook payloads (prompt-ids.ts). */
  promptIds?: PromptIds;
  /** What background hooks said for the model since it was last given (background-context.ts). */
  backgroundContext?(): string | undefined;
  /** What each prompt tells the model of plan mode (plan-mode-reminder.ts). */
  planReminder?: Pick<PlanModeReminder, "forPrompt" | "startOver">;
  /** What the models have seen of the files: a conversation replaced has seen none of them. */
  fileViews?: Pick<ModelFileViews, "forget">;
  /** The run ended because a model call failed for good: StopFailure (`answer`: its API Error text). */
  stopFailure(error: ModelCallError, answer: string): void;
  /** `--max-budget-usd`: says why a run ended at the limit. */
  spendingLimit?: SpendingLimit;
  /** `--json-schema`: the tool the answer comes through. */
  structured?: StructuredOutput;
  /** The `provider/id` of a model that took a step (the session's, or a `--fallback-model`). */
  modelSpecOf(model: LanguageModelV3): string;
  /** `/rewind`'s copies of the files the tools change: each prompt's are its own (session/rewind/). */
  checkpoints?: { startPrompt(uuid: string): void };
  /** Where each message steered into a turn came from (steered-origins.ts). */
  steeredOrigins?: Pick<SteeredOrigins, "of">;
  /** Where the user's prompts come from: typed in the terminal, or sent by `-p` or an SDK program. */
  promptSource?: "typed" | "sdk";
}

/** An earlier session read from its transcript, ready to take this one's place. */
export interface ResumedSession {
  messages: ModelMessage[];
  /** A resumed conversation's prompt cache, for SessionStart (resumed-cache.ts); none for `/clear`. */
  cache?(): ResumedCache | undefined;
  /** The history as the recap shows it (RestoredConversation's `shown`): with failed runs' answers. */
  shown?: readonly ModelMessage[];
  /** The deferred tools its model was told of (RestoredConversation's `listedDeferred`). */
  listedDeferred?: readonly string[];
  /** Points transcript, task list and ids at it. */
  switchFiles(): void;
  /** The switch was refused: lets go of what preparing it took (the other session's lock). */
  abandon?(): void;
}

/** A hook's `continue: false`: who asked, and why (`event`: a Stop hook's, which claude reports apart). */
export interface StopRequest {
  reason: string;
  hook: string;
  event?: "Stop";
  /** PermissionRequest's `interrupt: true`: the run ends as the user's interrupt ends it (claude 2.1.328). */
  interrupt?: true;
}

/**
 * One conversation: `prompt()` runs UserPromptSubmit, then the main agent (whose natural stops
 * go through PostStopValidation and the Stop hooks). A run that ends on a model error fires
 * StopFailure. The context SessionStart hooks gave goes into the first prompt that reaches the
 * model. A hook's `continue: false` ends the prompt in progress with status `stopped`; from an
 * InstructionsLoaded hook it halts the whole session (`halt`): every later prompt is refused.
 */
export class Session {
  private running: Promise<PromptResult> | undefined;
  private controller: AbortController | undefined;
  private stopRequest: StopRequest | undefined;
  /** The stop of the run in progress, while the hooks it left running finish. */
  private stopping: { reason: RunEndedByHook; cutShort: AbortController } | undefined;
  private sessionStartContext: Promise<string | undefined> | undefined;
  private compacting = false;
  /** Set once a hook halted the session; every prompt from then on ends `stopped` with it. */
  private halted: StopRequest | undefined;
  /** Halts that may still come (InstructionsLoaded hooks of the start): the first prompt waits for them. */
  private pendingHalt: Promise<StopRequest | undefined> | undefined;
  /** The prompt in progress was interrupted by the user (Esc, Ctrl+C), not cancelled otherwise. */
  private interrupted = false;

  constructor(private readonly parts: SessionParts) {
    parts.agent.subscribe((event) => {
      parts.meter.observe(event);
      // A message steered into the turn says where it came from, to the transcript and the output.
      const steered = event.type === "message_end" ? parts.steeredOrigins?.of(event.message) : undefined;
      // A message steered into the turn (an SDK message sent mid-turn, a background run's
      // notification) is claude's `queued_command` line, not a user line (queued-command-line.ts).
      if (event.type === "message_end" && steered !== undefined)
        parts.transcript.appendQueued(
          event.message,
          steered.kind === "mid-turn" ? "prompt" : "task-notification",
          steered.prompt,
          steered.sourceUuid,
        );
      else if (event.type === "message_end") parts.transcript.append(event.message, "main", {}, event);
      if (event.type === "retry") parts.transcript.apiRetry(retryRecord(event));
      parts.events.emit({ kind: "agent", agentName: "main", event, ...(steered ? { steered } : {}) });
    });
  }

  get isRunning(): boolean {
    return this.running !== undefined;
  }

  /** The SessionStart hooks' context, for the first prompt that reaches the model (Claude Code adds it to the context). */
  startedWith(context: Promise<string | undefined>): void {
    this.sessionStartContext = context;
  }

  /**
   * `uuid`: the prompt's transcript line's (an Agent SDK message's own, as claude gives it; else a
   * new one). `from`: who sent it — the user (anything typed, whatever it reads as), or a background
   * run's end (its notification: UserPromptSubmit sees the bare block, the transcript says so).
   */
  prompt(text: string, uuid?: string, from: PromptFrom = "user"): Promise<PromptResult> {
    if (this.compacting) return Promise.reject(new Error("session: compaction is running; wait for it"));
    if (this.running)
      return Promise.reject(new Error("session: a prompt is already running; wait for it or abort it"));
    const run = this.run(text, uuid, from).finally(() => {
      this.parts.skills?.promptEnded();
      this.running = undefined;
      this.controller = undefined;
    });
    this.running = run;
    return run;
  }

  /**
   * Cancels the prompt in progress (its hook or its run); nothing happens when idle. `why` is what
   * the hooks it kills are traced with (`cancelReason`).
   */
  abort(why = "run cancelled"): void {
    this.abortWith(new Error(why));
  }

  /** Aborts the run with `reason`; the hooks a hook's stop left to finish (stopRun) are stopped too. */
  private abortWith(reason: Error): void {
    if (!(reason instanceof RunEndedByHook)) this.stopping?.cutShort.abort(reason);
    this.controller?.abort(reason);
    this.parts.agent.abort(reason);
  }

  /**
   * The user interrupted (Esc, or a first Ctrl+C): the model step or tool calls in progress are
   * aborted and the prompt ends; what was done so far stays in the history, followed by a user
   * message saying so (Claude Code's `[Request interrupted by user]`), so the next prompt's model
   * call knows. A `/compact` in progress is cancelled (the history stays as it was). Nothing
   * happens when idle.
   */
  interrupt(): void {
    if (!this.running && !this.compacting) return;
    if (this.running) this.interrupted = true;
    this.abort("interrupted by the user");
  }

  /** A hook answered `continue: false`: the prompt in progress ends, and its result says why. */
  stopRun(stop: StopRequest): void {
    if (!this.running) return;
    this.stopRequest ??= stop;
    if (this.stopping) return;
    // The hooks running beside it finish first, as claude 2.1.328's (run-ended-by-hook.ts).
    const cutShort = new AbortController();
    const reason = new RunEndedByHook(`hook ${stop.hook} ended the run`, cutShort.signal);
    this.stopping = { reason, cutShort };
    this.abortWith(reason);
  }

  /**
   * A hook asked to halt the whole session (InstructionsLoaded's `continue: false`): the prompt in
   * progress ends `stopped`, and so does every later one, without reaching hooks or the model.
   */
  halt(stop: StopRequest): void {
    this.halted ??= stop;
    this.stopRun(stop);
  }

  /** A halt that may still come: the next prompt waits for it before anything else runs. */
  haltWhen(pending: Promise<StopRequest | undefined>): void {
    this.pendingHalt = pending.then(
      (stop) => {
        if (stop) this.halt(stop);
        return stop;
      },
      () => undefined,
    );
  }

  /**
   * `/compact [focus]`: summarises the conversation now; with `part`, only the part before or
   * after a message (`/rewind`'s "Summarize up to here" / "from here"). Rejects while a prompt is running.
   */
  async compact(focus?: string, part?: CompactPart): Promise<CompactOutcome> {
    if (this.running || this.compacting) throw new Error("session: cannot compact while a prompt is running");
    const { agent, compaction, meter } = this.parts;
    // As claude 2.1.328's /compact of an empty conversation: no hook, no model call (recorded).
    const summarized = part
      ? part.direction === "up_to"
        ? part.at
        : agent.messages.length - part.at
      : agent.messages.length;
    if (summarized <= 0) {
      const reason = part
        ? `no messages ${part.direction === "up_to" ? "before" : "from"} this prompt to summarize`
        : "no messages to compact";
      this.parts.notify(`codebot: ${reason}`);
      return { compacted: false, reason, empty: true };
    }
    // A prompt of its own: its hooks get a new prompt_id, as claude 2.1.328's /compact's (recorded).
    this.parts.promptIds?.next();
    const controller = new AbortController();
    this.controller = controller;
    this.compacting = true;
    try {
      const outcome = await compaction
        .compact(agent.messages, {
          trigger: "manual",
          ...(focus ? { focus } : {}),
          ...(part ? { part } : {}),
          signal: controller.signal,
        })
        .catch((error: unknown) => {
          // Interrupted (Esc, Ctrl+C): nothing was replaced. Said as every outcome of compaction is.
          if (controller.signal.aborted) {
            const reason = "compaction interrupted; the conversation is unchanged";
            this.parts.notify(`codebot: ${reason}`);
            return { compacted: false as const, reason };
          }
          throw error;
        });
      if (outcome.compacted) {
        agent.replaceMessages(outcome.messages);
        meter.reset(outcome.messages);
        // The command itself, after the history it made: `/rewind` lists it, as claude 2.1.328's does.
        if (!part) this.parts.transcript.localCommand("compact", "", focus ?? "");
      }
      return outcome;
    } finally {
      this.controller = undefined;
      this.compacting = false;
    }
  }

  /** `/clear`: SessionEnd (reason `clear`), then `fresh` (a new session, empty history), SessionStart (source `clear`). */
  clear(fresh: ResumedSession): void {
    this.replaceWith(fresh, "clear");
  }

  /** `/resume`: SessionEnd (reason `resume`), then the other session takes this one's place, SessionStart (source `resume`). */
  switchTo(other: ResumedSession): void {
    this.replaceWith(other, "resume");
  }

  /**
   * Another session takes this one's place. SessionEnd's hooks get the payload of the session
   * left (it is taken when the event fires), SessionStart's that of the new one; SessionStart's
   * context goes into the next prompt.
   */
  private replaceWith(other: ResumedSession, why: "clear" | "resume"): void {
    if (this.running || this.compacting) {
      other.abandon?.();
      throw new Error(`session: cannot ${why} while a prompt is running`);
    }
    const { agent, runner, meter, transcript } = this.parts;
    runner.sessionEnd({ reason: why });
    other.switchFiles();
    if (why === "clear") transcript.localCommand("clear");
    this.parts.skills?.reset();
    this.parts.planReminder?.startOver();
    this.parts.fileViews?.forget();
    agent.replaceMessages(other.messages, { listedDeferred: other.listedDeferred });
    meter.reset(other.messages);
    const resumedCache = other.cache?.();
    this.startedWith(
      runner.sessionStart({ source: why, ...(resumedCache ? { resumedCache } : {}) }).then(
        async (decision) =>
          (await takeSessionStartAnswer(decision, why, this.parts.sessionStartEffects)).context,
        () => undefined,
      ),
    );
  }

  /** Resolves when no prompt is running. */
  /**
   * `/rewind`'s conversation: the history as it was before a prompt (read back from the
   * transcript), the next line following `parentUuid`, the line before that prompt. No hook fires
   * (claude 2.1.328's rewind fires none, recorded). Throws while a prompt runs.
   */
  rewindTo(messages: ModelMessage[], parentUuid: string | null): void {
    if (this.running || this.compacting) throw new Error("session: cannot rewind while a prompt is running");
    this.parts.agent.replaceMessages(messages);
    this.parts.meter.reset(messages);
    this.parts.transcript.rewindTo(parentUuid);
  }

  async settled(): Promise<void> {
    await this.running?.catch(() => undefined);
  }

  /**
   * A prompt's transcript fields, claude 2.1.328's (recorded): a notification's `origin` and
   * `promptSource` `system`; a typed prompt's `origin` `{"kind": "human"}` and `promptSource`
   * `typed`; a `-p` or SDK one's `promptSource` `sdk` alone. A resume knows whose it is by them
   * (line-sender.ts), never by its text.
   */
  private senderMarks(text: string, from: PromptFrom): Pick<TranscriptLine, "origin" | "promptSource"> {
    if (from === "notification")
      return { origin: notificationOrigin(hookPromptOf(text)), promptSource: "system" };
    const source = this.parts.promptSource;
    if (source === "typed") return { origin: { kind: "human" }, promptSource: "typed" };
    return source === "sdk" ? { promptSource: "sdk" } : {};
  }

  private async run(text: string, uuid: string | undefined, from: PromptFrom): Promise<PromptResult> {
    const { agent, runner, transcript, validation, stopHooks } = this.parts;
    const controller = new AbortController();
    this.controller = controller;
    this.stopRequest = undefined;
    this.stopping = undefined;
    this.interrupted = false;
    const early = (status: "blocked" | "stopped" | "aborted" | "error", reason: string): PromptResult =>
      resultWithoutSteps(status, "", reason);

    await untilAborted(this.pendingHalt, controller.signal);
    this.pendingHalt = undefined;
    if (this.halted) return early("stopped", stoppedText(this.halted));
    const sessionContext = await this.waitForSessionStart(controller.signal);
    // After SessionStart has its payload: as in claude, it carries no prompt_id.
    this.parts.promptIds?.next();
    let decision: Awaited<ReturnType<HookRunner["userPromptSubmit"]>>;
    try {
      const { title } = transcript;
      decision = await runner.userPromptSubmit({
        prompt: from === "notification" ? hookPromptOf(text) : text,
        ...(title !== undefined ? { sessionTitle: title } : {}),
        signal: controller.signal,
      });
    } catch (error) {
      return early("error", `hook: UserPromptSubmit failed: ${(error as Error).message}`);
    }
    if (controller.signal.aborted) return early("aborted", "aborted before the prompt reached the model");
    switch (decision.kind) {
      case "stop":
        return {
          ...early("stopped", stoppedText({ hook: decision.by, reason: decision.reason })),
          hookStop: { event: "UserPromptSubmit", reason: decision.reason },
        };
      case "block":
        return {
          ...early("blocked", decision.reason),
          ...(decision.notice ? { blockNotice: decision.notice } : {}),
        };
    }
    if (decision.sessionTitle) nameSession(transcript, this.parts.events, decision.sessionTitle);

    let expansion: Expansion | PromptExpansion = (await this.parts.skills?.expand(
      text,
      controller.signal,
    )) ?? {
      kind: "none",
    };
    if (expansion.kind === "none" && this.parts.mcpPrompts)
      expansion = await this.parts.mcpPrompts(text, controller.signal);
    if (controller.signal.aborted) return early("aborted", "aborted before the prompt reached the model");
    switch (expansion.kind) {
      case "stopped":
        return early("stopped", stoppedText({ hook: expansion.hook, reason: expansion.reason }));
      case "blocked":
        return { ...early("blocked", expansion.reason), blockedBy: "UserPromptExpansion" };
      case "error":
        return early("error", expansion.reason);
    }
    const context = joinContext(
      this.parts.backgroundContext?.(),
      decision.context,
      expansion.kind === "expanded" && "context" in expansion ? expansion.context : undefined,
    );
    const message = userTurn(
      expansion.kind === "expanded" ? expansion.text : text,
      context,
      sessionContext,
      this.parts.planReminder?.forPrompt(),
    );
    if (expansion.kind === "expanded") markTypedPrompt(message, text.trim());
    // Given once: the context is now part of the conversation.
    this.sessionStartContext = undefined;
    this.parts.events.emit({ kind: "prompt_accepted" });
    const marks = {
      ...(uuid ? { uuid } : {}),
      ...this.senderMarks(text, from),
      // A resume's classifier is shown this, not the expansion (typed-prompts.ts).
      ...(expansion.kind === "expanded" ? { typedPrompt: text.trim() } : {}),
    };
    this.parts.checkpoints?.startPrompt(transcript.append(message, "main", marks));
    // The deferred tools the model is first told of, for a resume to know what it was told. Not
    // for a conversation the model has answered (an older codebot's, resumed without a listing):
    // a resume reads a line that adds names after an answer as a note (deferred-tools-delta-line.ts).
    const listing = agent.firstListing();
    if (listing && !agent.messages.some((message) => message.role === "assistant"))
      transcript.recordDeferredListing(listing);
    this.parts.meter.appended(message);
    validation.startPrompt();
    stopHooks.startPrompt();
    this.parts.structured?.startPrompt();
    const result = await agent.prompt(message);
    // A hook ended the run: its result comes once the hooks left running beside it have finished.
    await this.hooksLeftRunning();
    // A PermissionRequest hook's interrupt reads as the user's, as claude 2.1.328 writes it (recorded).
    if (result.reason === "aborted" && (this.interrupted || this.stopOfRun()?.interrupt))
      this.noteInterruption(result.newMessages);
    const outcome = validation.outcome();
    const stopOutcome = stopHooks.outcome();
    // Only a model call's failure is Claude Code's StopFailure (a crash elsewhere is not an API error).
    if (result.reason === "error" && result.error instanceof ModelCallError)
      this.parts.stopFailure(result.error, apiErrorText(result.error));

    const stopped = this.stopOfRun();
    const status = stopped ? "stopped" : statusOf(result, outcome.exhausted);
    const structured = this.parts.structured?.received;
    const promptResult: PromptResult = {
      status,
      // As claude's: the answer given through the tool is the result, as compact JSON.
      text: structured ? JSON.stringify(structured.value) : finalText(result.newMessages),
      ...(structured ? { structuredOutput: structured.value } : {}),
      turns: result.turns,
      messages: result.newMessages,
      usage: result.usage,
      usageByModel: new Map(
        [...result.usageByModel].map(([model, used]) => [this.parts.modelSpecOf(model), used]),
      ),
      validation: { attempts: outcome.attempts },
    };
    if (outcome.lastFeedback !== undefined) promptResult.validation.lastFeedback = outcome.lastFeedback;
    if (stopped) {
      promptResult.reason = stoppedText(stopped);
      promptResult.hookStop = {
        reason: stopped.reason,
        ...(stopped.event ? { event: stopped.event } : {}),
        ...(stopped.interrupt ? { interrupt: true } : {}),
      };
    } else if (status === "validation_failed") {
      promptResult.reason = `validation still fails after ${outcome.attempts} attempts:\n${outcome.lastFeedback ?? ""}`;
    } else if (status === "error") {
      // A model call's failure says what to do about it, as claude's API Error line does.
      if (result.error instanceof ModelCallError) {
        promptResult.reason = withModelErrorAdvice(result.error);
        promptResult.apiError = apiErrorFields(result.error);
        // The answer is the failure, as claude 2.1.328's -p answers (recorded): its text output too.
        promptResult.text = apiErrorText(result.error);
        transcript.apiError(promptResult.text, promptResult.apiError);
      } else promptResult.reason = result.error?.message ?? "the run failed";
    } else if (status === "max_budget" && this.parts.spendingLimit) {
      promptResult.reason = this.parts.spendingLimit.reason();
    } else if (status === "completed" && stopOutcome.exhaustedReason !== undefined) {
      promptResult.reason = `a Stop hook still blocks after ${stopOutcome.blocks} attempts: ${stopOutcome.exhaustedReason}`;
      this.parts.notify(`codebot: ${promptResult.reason}`);
    }
    return promptResult;
  }

  /** Resolves once the hooks a hook's stop left running (stopRun) have finished; at once without a stop. */
  private async hooksLeftRunning(): Promise<void> {
    await this.stopping?.reason.finished();
  }

  /** The hook's stop that ended the run, if one did (set by a hook while it ran). */
  private stopOfRun(): StopRequest | undefined {
    return this.halted ?? this.stopRequest;
  }

  /** After an interrupted run: the history ends with the user's note, as Claude Code's does. */
  private noteInterruption(newMessages: readonly ModelMessage[]): void {
    const { agent, transcript, meter } = this.parts;
    const duringTool = newMessages.at(-1)?.role === "tool";
    const note: ModelMessage = {
      role: "user",
      content: duringTool ? INTERRUPTED_DURING_TOOL_NOTE : INTERRUPTED_NOTE,
    };
    agent.replaceMessages([...agent.messages, note]);
    transcript.append(note, "main");
    meter.appended(note);
  }

  /** The SessionStart context, if it has not been given yet; waiting ends when the prompt is cancelled. */
  private async waitForSessionStart(signal: AbortSignal): Promise<string | undefined> {
    return untilAborted(this.sessionStartContext, signal);
  }
}

/** What `pending` gives, or undefined as soon as the signal aborts (or when it fails). */
function untilAborted<T>(
  pending: Promise<T | undefined> | undefined,
  signal: AbortSignal,
): Promise<T | undefined> {
  if (pending === undefined) return Promise.resolve(undefined);
  const aborted = new Promise<undefined>((resolve) =>
    signal.addEventListener("abort", () => resolve(undefined), { once: true }),
  );
  return Promise.race([pending.catch(() => undefined), aborted]);
}

function stoppedText(stop: StopRequest): string {
  return `stopped by hook ${stop.hook}: ${stop.reason}`;
}
