/** The hook runner's interface and options, and its named doors (the implementation is runner.ts). */
import type { ToolMiddleware } from "@codebot/agentcore";
import type { ApproveHook } from "./approval.js";
import type { CompiledHook } from "./compiled-hook.js";
import type { Decision } from "./decision.js";
import type { EventInputs } from "./event-inputs.js";
import type { EVENT_SPECS, HookEvent } from "./events.js";
import type { Executors } from "./executor.js";
import type { LoadedHooks } from "./load-hooks.js";
import type { ToolPermissions } from "./middleware.js";
import type { HookNoVerdict } from "./no-verdict.js";
import type { HookSession, PayloadFields } from "./payload.js";
import type { ScopeOptions } from "./scoped-hooks.js";
import type { HookEnd, HookProgress, HookStart, TraceRecord } from "./trace.js";

export interface HookRunnerOptions {
  /** The compiled hooks, or the loader's whole result (then its `disabled` applies). */
  hooks: readonly CompiledHook[] | LoadedHooks;
  /**
   * Executors by hook type. The command executor is the default; the harness plugs in prompt and
   * http executors here. A hook whose type has none fails with `<type> hook: no executor configured`.
   */
  executors?: Executors;
  /** Asked before every run (§8). */
  approveHook?: ApproveHook;
  session: HookSession;
  /**
   * How many background hook runs of one lane may be under way at once — each http origin is a
   * lane, command hooks are one (so at most this many processes) — the rest queue. Default 8.
   */
  maxConcurrentAsync?: number;
  /** Longest an async hook waits for running tool calls to finish before it starts anyway. Default 250 ms. */
  maxAsyncDeferMs?: number;
  /** Every trace record, as soon as it exists. */
  onTrace?: (record: TraceRecord) => void;
  /**
   * A hook is about to run (approved, its executor starting), for every executor type and for
   * background hooks too: the moment to show its `statusMessage` (§3.1). Its trace record follows.
   */
  onHookStart?: (start: HookStart) => void;
  /** A started hook has finished: its stdout, stderr and exit code, under its start's `runId`; its trace record follows. */
  onHookEnd?: (end: HookEnd) => void;
  /** A started command hook still runs: its output so far, about once a second while it grows. */
  onHookProgress?: (progress: HookProgress) => void;
  /**
   * The events whose running hooks report their output (absent: every event's, when
   * `onHookProgress` is given). Reporting arms a timer per command hook run: only for listeners.
   */
  hookProgressOf?: (event: HookEvent) => boolean;
  /** A JSONL file every trace record is appended to. */
  traceFile?: string;
  /** A hook failed, timed out or gave unusable output: called once per hook per runner (§7.5). */
  onHookError?: (message: string, toolUseId?: string) => void;
  /** A PreToolUse hook gave no verdict and its call went ahead unchecked: once per hook per runner (no-verdict.ts). */
  onNoVerdict?: (noVerdict: HookNoVerdict) => void;
  /** A hook's Claude Code `systemMessage` for the user: `hook <name>: <message>`. */
  onSystemMessage?: (message: string) => void;
  /**
   * A hook's Claude Code `terminalSequence`, already checked against the allowed sequences
   * (terminal-sequence.ts): for the harness to write to the user's terminal, if it has one.
   */
  onTerminalSequence?: (sequence: string) => void;
  /**
   * What the tool middleware does with Claude Code's `permissionDecision` (§11): `ask` puts the
   * call to the user (absent: the call is refused with the hook's reason), `allow` lets it skip
   * the permission question. `onStopRun` ends the run after `continue: false` from a tool hook.
   */
  toolPermissions?: ToolPermissions;
  onStopRun?: (stop: { reason: string; hook: string }) => void;
  /**
   * An http hook run in the background failed (the endpoint down, an error status, a time-out):
   * its payload, so that the harness can keep the record for a later replay instead of losing it.
   */
  onUndelivered?: (run: AbandonedRun) => void;
  /**
   * A Claude Code hook run in the background (`"async": true`) finished with `additionalContext`:
   * Claude Code gives it to the model on its next turn, so the harness delivers it then.
   */
  onBackgroundContext?: (context: BackgroundContext) => void;
}

/** What a background hook said for the model, and who said it. */
export interface BackgroundContext {
  event: HookEvent;
  hook: string;
  context: string;
}

/** The hooks a firing would run: those it waits for, and those it starts in the background. */
export interface MatchingHooks {
  waited: readonly CompiledHook[];
  background: readonly CompiledHook[];
}

/** The caller's lifetime for sync events: aborting it kills the hook that is running. */
export interface Cancellable {
  signal?: AbortSignal;
}

/**
 * What firing an event gives: a Decision for events whose hooks (of either dialect) are waited
 * for; nothing for events whose hooks all run in the background.
 */
export type ResultOf<E extends HookEvent> = (typeof EVENT_SPECS)[E]["mode"] extends "async"
  ? (typeof EVENT_SPECS)[E]["claude"] extends { mode: "feedback" }
    ? Promise<Decision>
    : undefined
  : Promise<Decision>;

export interface HookRunner {
  /** The compiled hooks, in configuration order (for `hooks list`). */
  readonly hooks: readonly CompiledHook[];
  /** `disableAllHooks` is set: hooks are listed and traced, never run. */
  readonly disabled: boolean;
  /** The hooks from now on, in place of these (the settings changed during the session). */
  reload(hooks: readonly CompiledHook[] | LoadedHooks): void;
  /**
   * True when any hook is configured for the event (even a disabled one: it is still traced), or
   * a scope in force has one.
   */
  hasHooks(event: HookEvent): boolean;
  /**
   * The hooks a firing of the event with these fields would run — a tool call's: `tool`, `args`,
   * `agentName` — matched as the firing matches them (matcher, tool aliases and MCP names, `if`,
   * scopes in force, switched-off hooks left out), without running any. For a caller whose own
   * work is only worth doing when some hook will run (hook-changed-file.ts in codebot).
   */
  matchingHooks(event: HookEvent, fields: PayloadFields): MatchingHooks;
  /**
   * Puts compiled hooks in force until the returned function is called (scoped-hooks.ts): a
   * skill's front-matter hooks once it is loaded, a sub-agent's while it runs. They run after the
   * configured hooks of their event, under the same approval; `options.when` limits them to some
   * firings; a hook compiled with `once` runs once. Re-adding a scope id replaces its hooks.
   */
  addScopedHooks(scopeId: string, hooks: readonly CompiledHook[], options?: ScopeOptions): () => void;
  /** Fires any event: the result of a waited event is a Decision, an async one returns at once. */
  fire<E extends HookEvent>(event: E, input: EventInputs[E] & Cancellable): ResultOf<E>;
  /** The same for an event chosen at run time (`hooks test`): a Decision when something is waited for. */
  fireFields(event: HookEvent, fields: PayloadFields & Cancellable): Promise<Decision> | undefined;
  preToolUse(input: EventInputs["PreToolUse"] & Cancellable): Promise<Decision>;
  /** Native hooks run in the background; the result is what the Claude Code groups said (they are waited for). */
  postToolUse(input: EventInputs["PostToolUse"] & Cancellable): Promise<Decision>;
  postToolUseFailure(input: EventInputs["PostToolUseFailure"] & Cancellable): Promise<Decision>;
  userPromptSubmit(input: EventInputs["UserPromptSubmit"] & Cancellable): Promise<Decision>;
  stop(input: EventInputs["Stop"] & Cancellable): Promise<Decision>;
  postStopValidation(input: EventInputs["PostStopValidation"] & Cancellable): Promise<Decision>;
  notification(input: EventInputs["Notification"]): void;
  taskCreated(input: EventInputs["TaskCreated"] & Cancellable): Promise<Decision>;
  taskCompleted(input: EventInputs["TaskCompleted"] & Cancellable): Promise<Decision>;
  /** Native hooks run in the background; the result carries the Claude Code groups' context for the first prompt. */
  sessionStart(input?: EventInputs["SessionStart"]): Promise<Decision>;
  sessionEnd(input?: EventInputs["SessionEnd"]): void;
  /** Native hooks run in the background; the result is what the Claude Code groups said (they are waited for). */
  subagentStop(input: EventInputs["SubagentStop"] & Cancellable): Promise<Decision>;
  /** The kernel tool middleware running PreToolUse and PostToolUse (§9.1). */
  middleware(): ToolMiddleware;
  /**
   * Waits for every async hook in flight or queued (each up to its own timeout, counted from when
   * it was queued) and the trace file.
   */
  close(): Promise<void>;
  /**
   * How many background hook runs have not finished yet (queued or running); with `toolUseId`,
   * only those fired for that tool call (a view puts their lines under the call's).
   */
  unfinishedRuns(toolUseId?: string): number;
  /**
   * For a session that must end now: the background hook runs that have not finished, each with
   * the payload it was to get, and the hooks of `unfired` (an event that was due and will not
   * fire, SessionEnd). Nothing is stopped — the caller is about to exit. Each unfinished run gets
   * its trace record (failed, abandoned) and the trace file every record not yet on disk, written
   * synchronously; the payloads are the caller's to save.
   */
  abandon(unfired?: { event: HookEvent; fields: PayloadFields }): AbandonedRun[];
}

/** A hook run given up at exit, with what is needed to deliver it later. */
export interface AbandonedRun {
  event: HookEvent;
  hook: string;
  source: CompiledHook["source"];
  /** The settings file it came from. */
  file: string;
  spec: CompiledHook["spec"];
  /**
   * Waiting for its turn, under way, or never fired (its event was due when the session ended);
   * `failed`: it ran and its endpoint did not take it (onUndelivered).
   */
  state: "queued" | "running" | "not fired" | "failed";
  /** Why it failed (`failed` only). */
  error?: string;
  /** When it was fired (absent for `not fired`). */
  queuedAt?: Date;
  /** The payload JSON it was to get. */
  payload: string;
}

/** The runner's named methods: typed doors into its generic `fire`. */
export function namedDoors(
  fire: <E extends HookEvent>(event: E, input: EventInputs[E] & Cancellable) => ResultOf<E>,
): Omit<
  HookRunner,
  | "hooks"
  | "disabled"
  | "reload"
  | "hasHooks"
  | "matchingHooks"
  | "addScopedHooks"
  | "fire"
  | "fireFields"
  | "middleware"
  | "close"
  | "unfinishedRuns"
  | "abandon"
> {
  return {
    preToolUse: (input) => fire("PreToolUse", input),
    postToolUse: (input) => fire("PostToolUse", input),
    postToolUseFailure: (input) => fire("PostToolUseFailure", input),
    userPromptSubmit: (input) => fire("UserPromptSubmit", input),
    stop: (input) => fire("Stop", input),
    postStopValidation: (input) => fire("PostStopValidation", input),
    notification: (input) => fire("Notification", input),
    taskCreated: (input) => fire("TaskCreated", input),
    taskCompleted: (input) => fire("TaskCompleted", input),
    sessionStart: (input = {}) => fire("SessionStart", input),
    sessionEnd: (input = {}) => fire("SessionEnd", input),
    subagentStop: (input) => fire("SubagentStop", input),
  };
}
