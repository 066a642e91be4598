import { setTimeout as sleep } from "node:timers/promises";
import type { LanguageModelV3 } from "@ai-sdk/provider";
import type { AssistantModelMessage, ModelMessage } from "ai";
import { isContextOverflow } from "./context-overflow.js";
import { addedDeferredTools, addedToolsNote } from "./deferred-tools-added.js";
import { deferredToolsListing } from "./deferred-tools-listing.js";
import { deferredNames, goneDeferredTools, removedToolsNote } from "./deferred-tools-removal.js";
import { emptyAnswerNudge, isInvisibleAnswer } from "./empty-answer.js";
import { AgentEventStream } from "./event-stream.js";
import type { AgentEvent, ExecutedCall, LoopResult, StopReason, Usage } from "./events.js";
import { fallbackTrigger } from "./fallback.js";
import { asMessage, toolResultMessage } from "./messages.js";
import { toModelError } from "./model-error.js";
import { type ModelTools, runModelStep, type StepOutcome, toModelTools } from "./model-step.js";
import {
  type AnswerReader,
  MAX_OUTPUT_LIMIT_RESUMES,
  OutputLimitError,
  outputLimitResumeMessage,
} from "./output-limit.js";
import { PromptCache } from "./prompt-cache.js";
import { DEFAULT_RETRY, isTransientError, type RetryPolicy, retryDelayMs } from "./retry.js";
import type { Tool, ToolMiddleware } from "./tool.js";
import { executeToolCalls } from "./tool-execution.js";
import { errorResult, type ModelToolCall } from "./tool-pipeline.js";
import { addUsage, emptyUsage } from "./usage.js";

/** What `onStop` learns about the run that is about to end naturally. */
export interface StopInfo {
  newMessages: ModelMessage[];
  /** The whole conversation the model has seen, its last answer included (the history, not the system prompt). */
  messages: ModelMessage[];
  turns: number;
  signal: AbortSignal;
  /** Resolves once the run's reader has handled every event so far (see AgentEventStream.delivered). */
  delivered(): Promise<void>;
}

/** Everything one run needs; the loop keeps no state of its own. */
export interface LoopOptions {
  model: LanguageModelV3;
  /**
   * Models to fall back to, in order, when `model` is overloaded, its server fails or it is not
   * found (fallback.ts says after how many attempts): the run goes on with the next one
   * (`model_fallback` announces it) until it ends; the next run starts with `model` again.
   */
  fallbackModels?: readonly LanguageModelV3[];
  systemPrompt: string;
  /** The history so far, ending with the new user message. Not modified. */
  messages: ModelMessage[];
  tools: Tool[];
  /**
   * The tools of the moment, asked before each model request of a run that defers tools: a
   * deferred tool of `tools` no longer among them (its MCP server stopped, or dropped it) is
   * offered no more, a call to it is an unknown tool, and the model is told it is gone
   * (deferred-tools-removal.ts); a deferred tool new among them (a server's tools changed, a
   * server started late) can be loaded and called from that request on, and the model reads
   * claude 2.1.328's note that it is available (recorded, deferred-tools-added.ts); the run's
   * listing stays as it was.
   */
  toolsNow?: () => readonly Tool[];
  /**
   * The deferred tools the model was told of before this run (the Agent's previous runs): those
   * `tools` no longer has get the same note before the first request, after the prompt, and those
   * `tools` has besides get the note that they are available.
   */
  listedBefore?: readonly string[];
  /** Tool middleware; the first listed is the outermost. */
  middleware?: ToolMiddleware[];
  /** Most model steps this run may take (default: no limit). */
  maxTurns?: number;
  /** How many concurrency-safe calls of one turn run at once (default DEFAULT_TOOL_CONCURRENCY). */
  toolConcurrency?: number;
  /**
   * Asked after each model step, with the usage it reported, before its tool calls run: true ends
   * the run there (reason `max_budget`; a spending limit). Its tool calls are not run — each gets
   * an error result, so the history stays well formed — and `onStop` is not called.
   */
  overBudget?: (usage: Usage, model: LanguageModelV3) => boolean;
  /**
   * Asked after a turn's tool calls ran, before the next model step: true ends the run there
   * (reason `max_budget`). For spending outside the model steps — a call judged by another
   * model request while it waited to run.
   */
  spentOut?: () => boolean;
  signal?: AbortSignal;
  /** Name given to tools and middleware (`ctx.agentName`); default `main`. */
  agentName?: string;
  retry?: RetryPolicy;
  /**
   * Polled before every model step and at a natural stop; returned messages join the history
   * (a promise is waited for: the harness may still be admitting a message it took).
   */
  getSteeringMessages?: () => ModelMessage[] | Promise<ModelMessage[]>;
  /** Polled when the agent would stop; returned messages join the history and the run goes on. */
  getFollowUpMessages?: () => ModelMessage[];
  /**
   * Called at a natural stop only (never after abort, error or turn limit), after steering and
   * follow-ups are empty. A returned message (a string is a user message) is appended and the
   * same run continues.
   */
  onStop?: (info: StopInfo) => Promise<ModelMessage | string | undefined>;
  /**
   * Called before every model step with the history as it stands. Returned messages replace the
   * whole history from then on (compaction); `history_replaced` announces them. Called again,
   * with `overflowed`, once when the provider refuses a step's request as too long: a returned
   * history is sent in its place, else the step fails with the provider's error.
   */
  beforeModelStep?: (info: {
    messages: readonly ModelMessage[];
    signal: AbortSignal;
    overflowed?: boolean;
  }) => Promise<ModelMessage[] | undefined>;
  /**
   * Called once the tool calls of a model step have all finished (not after an abort), before the
   * next model call. Returned messages join the history; to end the run, abort its signal.
   */
  afterToolCalls?: (info: {
    calls: readonly ExecutedCall[];
    signal: AbortSignal;
  }) => Promise<ModelMessage[] | undefined>;
  /** The longest wait for the model's next word before a step is given up and retried (default 300 s). */
  idleTimeoutMs?: number;
  /** Emit `message_chunk` events, the provider's own stream events (see ModelStepOptions). */
  rawChunks?: boolean;
  /** Converts each message to the provider's prompt once; pass the same cache to every run of a conversation. */
  promptCache?: PromptCache;
  /**
   * Who reads the run's answer (default `user`): `agent`, a sub-agent's caller, gets claude's
   * words for a sub-agent when an answer cut at the output limit is resumed (output-limit.ts).
   */
  answerReader?: AnswerReader;
}

const NEVER_ABORTED = new AbortController().signal;

/**
 * Runs the agent: model step, tool calls, repeat, until the model stops, the turn limit is hit,
 * the signal aborts, or a model call fails for good. Returns at once; the run proceeds in the
 * background and reports through the returned stream.
 */
export function agentLoop(options: LoopOptions): AgentEventStream {
  const stream = new AgentEventStream();
  void new Run(options, stream).run();
  return stream;
}

class Run {
  private readonly signal: AbortSignal;
  private history: ModelMessage[];
  private readonly newMessages: ModelMessage[] = [];
  private readonly usage: Usage = emptyUsage();
  private readonly usageByModel = new Map<LanguageModelV3, Usage>();
  private readonly promptCache: PromptCache;
  private turns = 0;
  /** Answers cut at the output token limit in a row, each resumed (output-limit.ts). */
  private outputLimitResumes = 0;
  /** Answers in a row with nothing visible, each asked again once (empty-answer.ts). */
  private invisibleAnswers = 0;
  private toolsPrepared = false;
  private ended = false;
  /** The assistant message of a turn that has started but not yet ended. */
  private openTurn: AssistantModelMessage | undefined;
  /** The model steps go to: `options.model`, until it fails in a way that falls back. */
  private model: LanguageModelV3;
  private readonly fallbacks: LanguageModelV3[];

  constructor(
    private readonly options: LoopOptions,
    private readonly stream: AgentEventStream,
  ) {
    this.model = options.model;
    this.fallbacks = [...(options.fallbackModels ?? [])];
    this.signal = options.signal ?? NEVER_ABORTED;
    this.history = [...options.messages];
    this.promptCache = options.promptCache ?? new PromptCache();
  }

  private emit = (event: AgentEvent): void => this.stream.push(event);

  async run(): Promise<void> {
    this.emit({ type: "agent_start", agentName: this.options.agentName ?? "main" });
    try {
      this.finish(await this.turnLoop());
    } catch (error) {
      if (this.signal.aborted) this.finish("aborted");
      else this.finish("error", error instanceof Error ? error : new Error(String(error)));
    }
  }

  private async turnLoop(): Promise<StopReason> {
    const { options } = this;
    const tools = new Map<string, Tool>();
    for (const tool of options.tools) {
      if (tools.has(tool.name)) throw new Error(`agent: two tools are named "${tool.name}"`);
      tools.set(tool.name, tool);
    }
    // Deferred tools join the request as tool results load them: offered anew for every step.
    const deferring = options.tools.some((tool) => tool.deferLoading !== undefined);
    const modelTools = toModelTools(options.tools);
    const listing = deferring ? deferredToolsListing(options.tools) : undefined;
    let offered: readonly Tool[] = options.tools;
    if (deferring && options.listedBefore) {
      const listed = deferredNames(options.tools);
      this.noteGone(options.listedBefore, listed);
      this.noteAdded(listed.filter((name) => !options.listedBefore?.includes(name)));
    }
    const maxTurns = options.maxTurns ?? Number.POSITIVE_INFINITY;
    for (;;) {
      if (this.signal.aborted) return "aborted";
      this.appendAll((await options.getSteeringMessages?.()) ?? []);
      if (this.turns >= maxTurns) return "max_turns";
      await this.maybeReplaceHistory();
      if (this.signal.aborted) return "aborted";
      this.turns += 1;
      const turn = this.turns;
      this.emit({ type: "turn_start", turn });
      this.openTurn = { role: "assistant", content: [] };
      if (deferring && options.toolsNow)
        offered = this.withToolsOfTheMoment(offered, options.toolsNow(), tools);
      const step = await this.modelStepWithRetry(
        deferring ? toModelTools(offered, this.history) : modelTools,
        listing,
      );
      this.openTurn = step.message;
      if (step.message.content.length > 0)
        this.append(step.message, false, {
          usage: step.usage,
          model: this.model.modelId,
          ...(step.responseId !== undefined ? { responseId: step.responseId } : {}),
        });
      if (step.status === "aborted") return "aborted";
      // After the message: listeners get the answer first (hooks of its tool calls may already be starting).
      this.emit({ type: "step_usage", turn, usage: step.usage, model: this.model });
      if (options.overBudget?.(step.usage, this.model) === true) {
        const notRun = step.toolCalls.map(notRunOverBudget);
        if (notRun.length > 0) this.append(toolResultMessage(notRun));
        this.endTurn(notRun);
        return "max_budget";
      }
      if (!step.atOutputLimit) this.outputLimitResumes = 0;
      this.invisibleAnswers = isInvisibleAnswer(step.message) ? this.invisibleAnswers + 1 : 0;

      if (step.toolCalls.length > 0) {
        // An answer that came before the request's prepare got its turn: the tools first.
        this.prepareTools();
        const executed = await executeToolCalls(step.toolCalls, {
          tools,
          middleware: options.middleware ?? [],
          signal: this.signal,
          agentName: options.agentName ?? "main",
          emit: this.emit,
          delivered: () => this.stream.delivered(),
          ...(options.toolConcurrency !== undefined ? { concurrency: options.toolConcurrency } : {}),
          ...this.deferredCalls(tools),
        });
        this.append(toolResultMessage(executed));
        this.endTurn(executed);
        if (options.afterToolCalls && !this.signal.aborted)
          this.appendAll((await options.afterToolCalls({ calls: executed, signal: this.signal })) ?? []);
        if (options.spentOut?.() === true) return "max_budget";
        if (executed.some((c) => c.result.endsTurn === true)) return this.signal.aborted ? "aborted" : "stop";
        if (executed.some((c) => c.result.final === true && !c.result.isError)) {
          if (this.signal.aborted) return "aborted";
          if (await this.continuesAfterStop()) continue;
          return "stop";
        }
        continue;
      }
      this.endTurn([]);
      if (this.signal.aborted) return "aborted";
      if (step.atOutputLimit) {
        if (this.outputLimitResumes >= MAX_OUTPUT_LIMIT_RESUMES) throw new OutputLimitError();
        this.outputLimitResumes += 1;
        this.append(outputLimitResumeMessage(this.options.answerReader ?? "user", this.outputLimitResumes));
        continue;
      }
      if (this.invisibleAnswers === 1) {
        this.append(emptyAnswerNudge());
        continue;
      }
      if (await this.continuesAfterStop()) continue;
      return "stop";
    }
  }

  /**
   * `offered` less its deferred tools no longer among `now`, and with the deferred tools new
   * among them. Those gone leave `callable` (a call is an unknown tool) and the model reads
   * claude's note that they are gone, once, at the end of the history; those added join it, to be
   * loaded by the tool search (its own search reads the tools of the moment), and the model reads
   * claude's note that they are available. The listing the run started with stays as it was, as
   * claude keeps its own.
   */
  private withToolsOfTheMoment(
    offered: readonly Tool[],
    now: readonly Tool[],
    callable: Map<string, Tool>,
  ): readonly Tool[] {
    const gone = goneDeferredTools(offered, now);
    const added = addedDeferredTools(callable, now);
    if (gone.length === 0 && added.length === 0) return offered;
    for (const tool of gone) callable.delete(tool.name);
    for (const tool of added) callable.set(tool.name, tool);
    this.noteGone(deferredNames(gone), []);
    this.noteAdded(deferredNames(added));
    return [...offered.filter((tool) => !gone.includes(tool)), ...added];
  }

  /** Appends claude's note naming the tools of `listed` not in `present`, if any. */
  private noteGone(listed: readonly string[], present: readonly string[]): void {
    const names = listed.filter((name) => !present.includes(name)).sort();
    if (names.length === 0) return;
    const search = this.options.tools.find((tool) => tool.listDeferredTools !== undefined)?.name;
    this.append(removedToolsNote(names, search ?? "the tool search"));
  }

  /** Appends claude's note that `names` are deferred tools now, in the tool search's listing words, if any. */
  private noteAdded(names: readonly string[]): void {
    const sorted = [...names].sort();
    const search = this.options.tools.find((tool) => tool.listDeferredTools !== undefined);
    const listing = sorted.length > 0 ? search?.listDeferredTools?.(sorted) : undefined;
    if (listing !== undefined) this.append(addedToolsNote(sorted, listing));
  }

  /** Steering, then follow-ups, then `onStop`: the first that has something to say keeps the run going. */
  private async continuesAfterStop(): Promise<boolean> {
    const { options } = this;
    const steering = (await options.getSteeringMessages?.()) ?? [];
    if (steering.length > 0) return this.appendAll(steering);
    const followUps = options.getFollowUpMessages?.() ?? [];
    if (followUps.length > 0) return this.appendAll(followUps);
    if (!options.onStop) return false;
    const extra = await options.onStop({
      newMessages: [...this.newMessages],
      messages: [...this.history],
      turns: this.turns,
      signal: this.signal,
      delivered: () => this.stream.delivered(),
    });
    if (this.signal.aborted) throw this.signal.reason;
    if (extra === undefined) return false;
    return this.appendAll([asMessage(extra)]);
  }

  /** Whether the history was replaced. */
  private async maybeReplaceHistory(overflowed = false): Promise<boolean> {
    const replacement = await this.options.beforeModelStep?.({
      messages: this.history,
      signal: this.signal,
      ...(overflowed ? { overflowed } : {}),
    });
    if (!replacement) return false;
    this.history = [...replacement];
    this.emit({ type: "history_replaced", messages: [...replacement] });
    return true;
  }

  private async modelStepWithRetry(tools: ModelTools, deferredListing?: string): Promise<StepOutcome> {
    const policy = this.options.retry ?? DEFAULT_RETRY;
    let overflowHandled = false;
    for (let attempt = 1; ; attempt += 1) {
      try {
        const step = await runModelStep({
          model: this.model,
          systemPrompt: this.options.systemPrompt,
          messages: this.history,
          tools,
          signal: this.signal,
          emit: this.emit,
          promptCache: this.promptCache,
          ...(this.options.idleTimeoutMs !== undefined ? { idleTimeoutMs: this.options.idleTimeoutMs } : {}),
          ...(this.options.rawChunks === true ? { rawChunks: true } : {}),
          ...(deferredListing !== undefined ? { deferredToolsListing: deferredListing } : {}),
          ...(this.toolsPrepared ? {} : { onRequest: () => this.prepareTools() }),
        });
        addUsage(this.usage, step.usage);
        const ofModel = this.usageByModel.get(this.model) ?? emptyUsage();
        addUsage(ofModel, step.usage);
        this.usageByModel.set(this.model, ofModel);
        return step;
      } catch (error) {
        if (this.signal.aborted) throw error;
        const modelError = toModelError(error);
        if (!overflowHandled && isContextOverflow(error)) {
          overflowHandled = true;
          if (await this.maybeReplaceHistory(true)) continue;
          if (this.signal.aborted) throw error;
        }
        const trigger = this.fallbacks.length > 0 ? fallbackTrigger(error, attempt) : undefined;
        if (trigger !== undefined) {
          const from = this.model;
          this.model = this.fallbacks.shift() as LanguageModelV3;
          this.emit({ type: "model_fallback", from, to: this.model, trigger, error: modelError });
          attempt = 0;
          continue;
        }
        if (attempt > policy.maxRetries || !isTransientError(error)) throw modelError;
        const delayMs = retryDelayMs(policy, attempt, error);
        this.emit({ type: "retry", attempt, maxRetries: policy.maxRetries, delayMs, error: modelError });
        await sleep(delayMs, undefined, { signal: this.signal });
      }
    }
  }

  /**
   * Tools' `prepare`, once per run: while its first model request is under way, or at the latest
   * before its first tool call; not once the run has ended.
   */
  private prepareTools(): void {
    if (this.toolsPrepared || this.ended) return;
    this.toolsPrepared = true;
    for (const tool of this.options.tools) {
      try {
        tool.prepare?.();
      } catch {
        // A tool that cannot prepare starts what it needs at its first call instead.
      }
    }
  }

  /** What a call to a deferred tool not loaded needs for claude's note on its error (tool-execution.ts). */
  private deferredCalls(tools: ReadonlyMap<string, Tool>) {
    const search = [...tools.values()].find((tool) => tool.listDeferredTools !== undefined);
    return search ? { deferred: { history: () => this.history, searchTool: search.name } } : {};
  }

  private appendAll(messages: readonly ModelMessage[]): boolean {
    for (const message of messages) this.append(message);
    return messages.length > 0;
  }

  /** Adds a message to the history; `announce` adds the `message_start` that streamed messages already had. */
  private append(
    message: ModelMessage,
    announce = true,
    step?: { usage: Usage; model: string; responseId?: string },
  ): void {
    if (announce) this.emit({ type: "message_start", role: message.role });
    this.history.push(message);
    this.newMessages.push(message);
    this.emit({ type: "message_end", message, ...step });
  }

  /** Emits `turn_end` for the open turn, if any. */
  private endTurn(toolResults: ExecutedCall[]): void {
    const message = this.openTurn;
    if (!message) return;
    this.openTurn = undefined;
    this.emit({ type: "turn_end", turn: this.turns, message, toolResults });
  }

  private finish(reason: StopReason, error?: Error): void {
    this.ended = true;
    this.endTurn([]);
    if (error) this.emit({ type: "error", error });
    const newMessages = [...this.newMessages];
    this.emit({ type: "agent_end", reason, newMessages, ...(error ? { error } : {}) });
    const result: LoopResult = {
      reason,
      newMessages,
      turns: this.turns,
      usage: { ...this.usage },
      usageByModel: new Map(this.usageByModel),
    };
    this.stream.end(error ? { ...result, error } : result);
  }
}

/** A tool call of the step that went over the spending limit: never run, its result says why. */
function notRunOverBudget(raw: ModelToolCall): ExecutedCall {
  const args =
    raw.input !== null && typeof raw.input === "object" ? (raw.input as Record<string, unknown>) : {};
  return {
    call: { id: raw.id, name: raw.name, args },
    result: errorResult(`tool ${raw.name}: not run: the spending limit was reached`),
  };
}
