import type { LanguageModelV3 } from "@ai-sdk/provider";
import type { ModelMessage } from "ai";
import { addedToolsOf } from "./deferred-tools-added.js";
import { deferredToolsListing, listedDeferredNames } from "./deferred-tools-listing.js";
import { deferredNames, removedToolsOf } from "./deferred-tools-removal.js";
import type { AgentEvent, LoopResult } from "./events.js";
import { agentLoop, type LoopOptions } from "./loop.js";
import { asMessage, userMessage } from "./messages.js";
import { runModelStep, type StepOutcome, toModelTools } from "./model-step.js";
import { PromptCache } from "./prompt-cache.js";
import type { RetryPolicy } from "./retry.js";
import type { Tool, ToolMiddleware } from "./tool.js";

export interface AgentOptions {
  model: LanguageModelV3;
  /** Models each run falls back to, in order (see LoopOptions); every run starts with `model`. */
  fallbackModels?: LoopOptions["fallbackModels"];
  /** The instructions; a function is asked at the start of every run (instructions that change between runs). */
  systemPrompt: string | (() => string);
  /** The tools; a function is asked at the start of every run (a list that changes between runs). */
  tools: Tool[] | (() => Tool[]);
  middleware?: ToolMiddleware[];
  maxTurns?: number;
  /** See LoopOptions. */
  toolConcurrency?: number;
  /** Asked after each model step, with its usage: true ends the run there (see LoopOptions). */
  overBudget?: LoopOptions["overBudget"];
  /** Asked after each turn's tool calls: true ends the run there (see LoopOptions). */
  spentOut?: LoopOptions["spentOut"];
  retry?: RetryPolicy;
  /** See LoopOptions. */
  idleTimeoutMs?: number;
  /** See LoopOptions. */
  rawChunks?: boolean;
  onStop?: LoopOptions["onStop"];
  agentName?: string;
  /** History to start from (e.g. a resumed session). */
  messages?: ModelMessage[];
  /**
   * The deferred tools a restored conversation (`messages`) told the model of: its listing and
   * notes as a transcript keeps them. The first run gives the notes for those gone since and those
   * new, as a later run of the same Agent does (claude 2.1.328 after `-c`, recorded).
   */
  listedDeferred?: readonly string[];
  /** Called before every model step; returned messages replace the history (see LoopOptions). */
  beforeModelStep?: LoopOptions["beforeModelStep"];
  /** Called after each step's tool calls have finished (see LoopOptions). */
  afterToolCalls?: LoopOptions["afterToolCalls"];
  /**
   * Steered messages as a run takes them, before they join its history: what it resolves to joins
   * instead (a message may be changed or left out). The run waits for it.
   */
  admitSteered?: (messages: ModelMessage[], signal: AbortSignal) => Promise<ModelMessage[]>;
}

/** A steered message: whether it still waits for a run to deliver it; taking it back while it does. */
export interface Steered {
  /** The message queued: the very object a run hands `admitSteered`, for a caller to know it by. */
  readonly message: ModelMessage;
  waiting(): boolean;
  withdraw(): boolean;
}

/**
 * A conversation with the kernel: keeps the history between prompts, queues steering and
 * follow-up messages, and fans each run's events out to subscribers. One run at a time.
 */
export class Agent {
  private history: ModelMessage[];
  /**
   * The deferred tools the model was last told of: the last run's listing, less those a note
   * said went. The next run tells the model of any it no longer has (deferred-tools-removal.ts).
   */
  private listedDeferred: readonly string[] | undefined;
  /** The history as the provider's prompt, kept between runs so each message is converted once. */
  private readonly promptCache = new PromptCache();
  private model: LanguageModelV3;
  private readonly listeners = new Set<(event: AgentEvent) => void>();
  private readonly steering: ModelMessage[] = [];
  private readonly followUps: ModelMessage[] = [];
  private controller: AbortController | undefined;

  constructor(private readonly options: AgentOptions) {
    this.model = options.model;
    this.history = [...(options.messages ?? [])];
    this.listedDeferred = options.listedDeferred;
  }

  get state(): "idle" | "running" {
    return this.controller ? "running" : "idle";
  }

  /** The whole conversation so far; during a run it grows as messages are appended. */
  get messages(): readonly ModelMessage[] {
    return this.history;
  }

  /**
   * The deferred tools the next run lists for the first time, sorted: the model has been told of
   * none yet (a new conversation, a cleared one, one restored without its listing). A transcript
   * keeps them, so that a resumed conversation knows what the model was told (`listedDeferred`).
   * Undefined when the model was told already, or nothing is deferred.
   */
  firstListing(): string[] | undefined {
    if (this.listedDeferred !== undefined) return undefined;
    const { tools } = this.options;
    return listedDeferredNames(typeof tools === "function" ? tools() : tools);
  }

  /**
   * Replaces the whole history (a compacted, cleared or resumed conversation). Only when idle.
   * `told`: another conversation's deferred tools its model was told of (a resumed one's; none for
   * a cleared one); without it the model was told what it was (the same conversation compacted).
   */
  replaceMessages(
    messages: readonly ModelMessage[],
    told?: { listedDeferred: readonly string[] | undefined },
  ): void {
    if (this.controller) throw new Error("agent: cannot replace the history while a run is in progress");
    this.history = [...messages];
    if (told) this.listedDeferred = told.listedDeferred;
  }

  /** The model for the next run. */
  setModel(model: LanguageModelV3): void {
    this.model = model;
  }

  /** Listens to every event of every run; returns the unsubscribe function. */
  subscribe(listener: (event: AgentEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * A message delivered before the next model step of the current (or next) run. What is
   * returned says whether no run has delivered it yet (`waiting`), and takes it back while so
   * (`withdraw`: true), for the caller to deliver another way.
   */
  steer(text: string): Steered {
    const message = userMessage(text);
    this.steering.push(message);
    return {
      message,
      waiting: () => this.steering.includes(message),
      withdraw: () => {
        const at = this.steering.indexOf(message);
        if (at >= 0) this.steering.splice(at, 1);
        return at >= 0;
      },
    };
  }

  /** A message delivered when the agent would otherwise stop; the run then goes on. */
  followUp(text: string): void {
    this.followUps.push(userMessage(text));
  }

  /**
   * Takes back the steering and follow-up messages no run has delivered yet (one queued after the
   * run's last look at them), oldest first, for the caller to deliver another way.
   */
  takeQueued(): ModelMessage[] {
    return [...this.steering.splice(0), ...this.followUps.splice(0)];
  }

  /** The steered messages for the run to deliver now, as `admitSteered` lets them in. */
  private takeSteered(signal: AbortSignal): ModelMessage[] | Promise<ModelMessage[]> {
    const taken = this.steering.splice(0);
    const { admitSteered } = this.options;
    return taken.length > 0 && admitSteered ? admitSteered(taken, signal) : taken;
  }

  /**
   * Cancels the current run (it ends with reason `aborted`); nothing happens when idle. `why` is
   * the run's signal's reason (what a hook the run kills is traced with), or its message.
   */
  abort(why: string | Error = "agent: aborted"): void {
    this.controller?.abort(typeof why === "string" ? new Error(why) : why);
  }

  /** Runs the agent on a new user message. Rejects when a run is already in progress. */
  async prompt(input: string | ModelMessage): Promise<LoopResult> {
    if (this.controller) throw new Error("agent: already running; wait for the current prompt or abort it");
    const controller = new AbortController();
    this.controller = controller;
    this.history.push(asMessage(input));
    const { tools, systemPrompt } = this.options;
    const runTools = typeof tools === "function" ? tools() : tools;
    const noted = new Set<string>();
    const announced = new Set<string>();
    try {
      const stream = agentLoop({
        ...this.options,
        systemPrompt: typeof systemPrompt === "function" ? systemPrompt() : systemPrompt,
        tools: runTools,
        ...(typeof tools === "function" ? { toolsNow: tools } : {}),
        ...(this.listedDeferred !== undefined ? { listedBefore: this.listedDeferred } : {}),
        model: this.model,
        messages: this.history,
        signal: controller.signal,
        getSteeringMessages: () => this.takeSteered(controller.signal),
        getFollowUpMessages: () => this.followUps.splice(0),
        promptCache: this.promptCache,
      });
      for await (const event of stream) {
        if (event.type === "message_end") this.history.push(event.message);
        if (event.type === "message_end")
          for (const name of removedToolsOf(event.message) ?? []) noted.add(name);
        if (event.type === "message_end")
          for (const name of addedToolsOf(event.message) ?? []) announced.add(name);
        if (event.type === "history_replaced") this.history = [...event.messages];
        this.dispatch(event);
      }
      return await stream.result();
    } finally {
      this.controller = undefined;
      // What the model was told of: the run's listing, less the notes' gone tools, with their added ones.
      const listed = deferredNames(runTools).filter((name) => !noted.has(name) && !announced.has(name));
      this.listedDeferred = [...listed, ...announced];
    }
  }

  /**
   * One model request over the conversation and `question`, with a run's instructions and tools,
   * that changes nothing: the history stays as it is, no event is sent and no tool the model calls
   * runs (the outcome lists the calls). For a side question about the conversation, such as the
   * user's likely next prompt. Only when idle.
   */
  async ask(question: string, signal: AbortSignal): Promise<StepOutcome> {
    if (this.controller) throw new Error("agent: cannot ask while a run is in progress");
    const { systemPrompt, idleTimeoutMs } = this.options;
    const tools = typeof this.options.tools === "function" ? this.options.tools() : this.options.tools;
    const listing = deferredToolsListing(tools);
    return runModelStep({
      model: this.model,
      systemPrompt: typeof systemPrompt === "function" ? systemPrompt() : systemPrompt,
      // Its own prompt cache: the question is no part of the history the runs' cache extends.
      messages: [...this.history, userMessage(question)],
      tools: toModelTools(tools, this.history),
      signal,
      emit: () => {},
      ...(idleTimeoutMs !== undefined ? { idleTimeoutMs } : {}),
      ...(listing !== undefined ? { deferredToolsListing: listing } : {}),
    });
  }

  private dispatch(event: AgentEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        // A broken listener must not break the run; say so once per failure instead of hiding it.
        process.emitWarning(
          `agent: event listener failed on ${event.type}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
  }
}
