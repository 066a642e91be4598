/**
 * The hook runner: holds the compiled hooks and fires them for an event. One generic `fire`
 * driven by the event table; the named methods are typed doors into it.
 */
import type { ToolMiddleware } from "@codebot/agentcore";
import type { ApproveHook } from "./approval.js";
import { createCommandExecutor } from "./command-executor.js";
import {
  type EvaluationDeps,
  evaluateFeedback,
  evaluateHard,
  evaluateSoft,
  Firing,
  type HardDecision,
  type SoftDecision,
  stepsOf,
} from "./evaluate.js";
import { EVENT_SPECS, type EventSpec, type HookEvent, modeOf } from "./events.js";
import type { Executors } from "./executor.js";
import { ForegroundGate } from "./foreground-gate.js";
import { executeHook, type HookRun } from "./hook-execution.js";
import { failureSummary } from "./interpret.js";
import type { CompiledHook, LoadedHooks } from "./load-hooks.js";
import { createHookMiddleware, type ToolPermissions } from "./middleware.js";
import type { EventInputs, HookSession, PayloadFields } from "./payload.js";
import { Semaphore } from "./semaphore.js";
import { type HookStart, TraceFile, type TraceRecord } from "./trace.js";

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
  /** How many async hook processes may run at once; the rest queue. Default 8. */
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
  /** A JSONL file every trace record is appended to. */
  traceFile?: string;
  /** A hook failed, timed out or gave unusable output: called once per hook per runner (§7.5). */
  onHookError?: (message: string) => void;
  /** A hook's Claude Code `systemMessage` for the user: `hook <name>: <message>`. */
  onSystemMessage?: (message: string) => void;
  /**
   * What the tool middleware does with Claude Code's `permissionDecision` (§11): `ask` puts the
   * call to the user (absent: the call is refused with the hook's reason), `allow` lets it skip
   * the permission question. `onStopRun` ends the run after `continue: false` from a tool hook.
   */
  toolPermissions?: ToolPermissions;
  onStopRun?: (stop: { reason: string; hook: string }) => void;
}

/** The caller's lifetime for sync events: aborting it kills the hook that is running. */
interface Cancellable {
  signal?: AbortSignal;
}

/**
 * What firing an event gives: hard events a HardDecision, soft ones a SoftDecision; events whose
 * Claude Code groups are waited for (feedback) a HardDecision of those groups; async ones nothing.
 */
type ResultOf<E extends HookEvent> = (typeof EVENT_SPECS)[E]["mode"] extends "hard"
  ? Promise<HardDecision>
  : (typeof EVENT_SPECS)[E]["mode"] extends "soft"
    ? Promise<SoftDecision>
    : (typeof EVENT_SPECS)[E]["claude"] extends { mode: "feedback" }
      ? Promise<HardDecision>
      : undefined;

export interface HookRunner {
  /** The compiled hooks, in configuration order (for `hooks list`). */
  readonly hooks: readonly CompiledHook[];
  /** `disableAllHooks` is set: hooks are listed and traced, never run. */
  readonly disabled: boolean;
  /** True when any hook is configured for the event (even a disabled one: it is still traced). */
  hasHooks(event: HookEvent): boolean;
  /** Fires any event; hard events resolve to a HardDecision, soft to a SoftDecision, async return at once. */
  fire<E extends HookEvent>(event: E, input: EventInputs[E] & Cancellable): ResultOf<E>;
  preToolUse(input: EventInputs["PreToolUse"] & Cancellable): Promise<HardDecision>;
  /** Native hooks run in the background; the result is what the Claude Code groups said (they are waited for). */
  postToolUse(input: EventInputs["PostToolUse"] & Cancellable): Promise<HardDecision>;
  postToolUseFailure(input: EventInputs["PostToolUseFailure"] & Cancellable): Promise<HardDecision>;
  userPromptSubmit(input: EventInputs["UserPromptSubmit"] & Cancellable): Promise<HardDecision>;
  stop(input: EventInputs["Stop"] & Cancellable): Promise<HardDecision>;
  postStopValidation(input: EventInputs["PostStopValidation"] & Cancellable): Promise<SoftDecision>;
  notification(input: EventInputs["Notification"]): void;
  taskCreated(input: EventInputs["TaskCreated"] & Cancellable): Promise<HardDecision>;
  taskCompleted(input: EventInputs["TaskCompleted"] & Cancellable): Promise<HardDecision>;
  /** Native hooks run in the background; the result carries the Claude Code groups' context for the first prompt. */
  sessionStart(input?: EventInputs["SessionStart"]): Promise<HardDecision>;
  sessionEnd(input?: EventInputs["SessionEnd"]): void;
  subagentStop(input: EventInputs["SubagentStop"]): void;
  /** The kernel tool middleware running PreToolUse and PostToolUse (§9.1). */
  middleware(): ToolMiddleware;
  /** Waits for every async hook in flight or queued (each up to its own timeout) and the trace file. */
  close(): Promise<void>;
}

/** How one event's hooks run: the steps the caller waits for, and the hooks started in the background. */
interface EventPlan {
  steps: CompiledHook[][];
  background: CompiledHook[];
}

const DEFAULT_MAX_CONCURRENT_ASYNC = 8;
const DEFAULT_MAX_ASYNC_DEFER_MS = 250;
/** Async hooks live on their own: cancelling the run that fired them does not stop them. */
const DETACHED = new AbortController().signal;

export function createHookRunner(options: HookRunnerOptions): HookRunner {
  const loaded = "problems" in options.hooks ? options.hooks : undefined;
  const hooks: readonly CompiledHook[] = loaded ? loaded.hooks : (options.hooks as readonly CompiledHook[]);
  const disabled = loaded?.disabled ?? false;
  const byEvent = new Map<HookEvent, CompiledHook[]>();
  for (const hook of hooks) {
    const list = byEvent.get(hook.event) ?? [];
    list.push(hook);
    byEvent.set(hook.event, list);
  }
  const plans = new Map([...byEvent].map(([event, list]) => [event, planOf(event, list)]));
  const gate = new ForegroundGate(options.maxAsyncDeferMs ?? DEFAULT_MAX_ASYNC_DEFER_MS);

  const reported = new Set<CompiledHook>();
  const reportOnce = (hook: CompiledHook | undefined, message: string) => {
    if (!options.onHookError || (hook && reported.has(hook))) return;
    if (hook) reported.add(hook);
    options.onHookError(message);
  };
  const failedObservers = new Set<string>();
  /** Calls an observer; its bug must not break hooks, but must not vanish either (reported once). */
  const observe = <T>(
    name: "onTrace" | "onHookStart",
    observer: ((value: T) => void) | undefined,
    value: T,
  ) => {
    if (!observer) return;
    try {
      observer(value);
    } catch (err) {
      if (failedObservers.has(name)) return;
      failedObservers.add(name);
      reportOnce(undefined, `hook trace: ${name} threw: ${err instanceof Error ? err.message : String(err)}`);
    }
  };
  const traceFile = options.traceFile
    ? new TraceFile(options.traceFile, (message) => reportOnce(undefined, message))
    : undefined;

  const deps: EvaluationDeps = {
    session: options.session,
    executors: { command: createCommandExecutor(), ...options.executors },
    ...(options.approveHook ? { approveHook: options.approveHook } : {}),
    disabled,
    ...(options.onHookStart
      ? { started: (start: HookStart) => observe("onHookStart", options.onHookStart, start) }
      : {}),
    emit(record) {
      traceFile?.append(record);
      observe("onTrace", options.onTrace, record);
    },
    ran(run: HookRun) {
      const verdict = run.verdict;
      if (!verdict) return;
      if (verdict.systemMessage) options.onSystemMessage?.(`hook ${run.hook.name}: ${verdict.systemMessage}`);
      if (verdict.failed) reportOnce(run.hook, `hook ${run.hook.name}: ${failureSummary(verdict)}`);
      else if (verdict.warnings.length)
        reportOnce(run.hook, `hook ${run.hook.name}: ${verdict.warnings.join("; ")}`);
    },
  };
  const asyncDeps: EvaluationDeps = {
    ...deps,
    semaphore: new Semaphore(options.maxConcurrentAsync ?? DEFAULT_MAX_CONCURRENT_ASYNC),
  };
  const inFlight = new Set<Promise<unknown>>();
  /** Keeps a background promise for close(); a bug in it is reported, never an unhandled rejection. */
  const track = (what: string, work: Promise<unknown>): void => {
    const done = work
      .then(
        () => {},
        (err: unknown) =>
          reportOnce(undefined, `hook ${what}: ${err instanceof Error ? err.message : String(err)}`),
      )
      .finally(() => inFlight.delete(done));
    inFlight.add(done);
  };
  // An `async: true` hook of a sync event: on the async hooks' lifetime, limits and start gate.
  deps.startBackground = (hook, job) =>
    track(
      hook.event,
      gate
        .idle()
        .then(() => executeHook(hook, { ...job, signal: DETACHED }, asyncDeps))
        .then((run) => {
          asyncDeps.ran(run);
          asyncDeps.emit(run.record);
        }),
    );

  function firingOf(event: HookEvent, input: PayloadFields, signal: AbortSignal, d: EvaluationDeps): Firing {
    const fixed: EventSpec["fixed"] = EVENT_SPECS[event].fixed;
    // Most events have no constants; copying the caller's input would cost every tool call.
    const fields = fixed.tool === undefined && fixed.message === undefined ? input : { ...input, ...fixed };
    return new Firing(event, fields, signal, d);
  }

  function fireAsync(event: HookEvent, input: PayloadFields, list: readonly CompiledHook[]): void {
    const firing = firingOf(event, input, DETACHED, asyncDeps);
    // Start on a later turn of the event loop, once no tool call is running (bounded): spawning
    // blocks the main thread, and must not sit between a tool's result and the agent waiting for it.
    track(
      event,
      gate.idle().then(() => Promise.all(list.map((hook) => firing.consider(hook)))),
    );
  }

  function fire<E extends HookEvent>(event: E, input: EventInputs[E] & Cancellable): ResultOf<E> {
    // The payload builder picks its fields by name, so `signal` can stay in the input object.
    const fields = input as PayloadFields;
    const signal = (input as Cancellable).signal;
    const plan = plans.get(event);
    if (plan?.background.length) fireAsync(event, fields, plan.background);
    const spec: EventSpec = EVENT_SPECS[event];
    const syncMode = spec.mode === "async" ? spec.claude.mode : spec.mode;
    if (syncMode === undefined || syncMode === "async") return undefined as ResultOf<E>;
    const steps = plan?.steps ?? [];
    const firing = firingOf(event, fields, signal ?? DETACHED, deps);
    switch (syncMode) {
      case "hard":
        return evaluateHard(steps, firing) as ResultOf<E>;
      case "soft":
        return evaluateSoft(steps, firing) as ResultOf<E>;
      case "feedback": {
        const decision = evaluateFeedback(steps, firing);
        // Nobody may wait for it (SessionStart before any prompt): close() still does.
        if (steps.length) track(event, decision);
        return decision as ResultOf<E>;
      }
    }
  }

  let closing: Promise<void> | undefined;
  async function drain(): Promise<void> {
    // Hooks may still be fired while we wait (SessionEnd after a last PostToolUse): loop until none is left.
    while (inFlight.size) await Promise.allSettled([...inFlight]);
    await traceFile?.flush();
    // Kept-alive connections and persistent hook processes end with the session.
    await Promise.all(Object.values(deps.executors).map((executor) => executor?.close?.()));
  }

  const runner: HookRunner = {
    hooks,
    disabled,
    hasHooks: (event) => (byEvent.get(event)?.length ?? 0) > 0,
    fire,
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
    middleware: () =>
      createHookMiddleware({
        ...runner,
        foreground: (work) => gate.around(work),
        ...(options.toolPermissions ? { permissions: options.toolPermissions } : {}),
        ...(options.onStopRun ? { onStopRun: options.onStopRun } : {}),
      }),
    close() {
      // Idempotent; a second close after more hooks were fired waits for those too.
      closing = (closing ?? Promise.resolve()).then(drain);
      return closing;
    },
  };
  return runner;
}

/**
 * Splits an event's hooks by how they run: hooks whose mode (for their style) is sync form the
 * steps the caller waits for, in configuration order; the rest start in the background.
 */
function planOf(event: HookEvent, hooks: readonly CompiledHook[]): EventPlan {
  const waited = hooks.filter((h) => modeOf(event, h.style) !== "async");
  const background = hooks.filter((h) => modeOf(event, h.style) === "async");
  return { steps: stepsOf(waited), background };
}
