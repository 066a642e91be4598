/**
 * The hook runner: plan → execute → merge for each firing (index.ts draws the whole path). One
 * generic `fire` driven by the event table; the named methods are typed doors into it.
 */
import { BackgroundJobs } from "./background-jobs.js";
import { createCommandExecutor } from "./command-executor.js";
import type { CompiledHook } from "./compiled-hook.js";
import type { Decision } from "./decision.js";
import { EVENT_SPECS, type EventSpec, type HookEvent } from "./events.js";
import { baseRecord, type ExecutionDeps, executeHook, type HookRun } from "./hook-execution.js";
import { type HookJob, jobOf } from "./hook-job.js";
import { HookReports } from "./hook-reports.js";
import { MERGES, type SyncMode } from "./merge.js";
import { createHookMiddleware } from "./middleware.js";
import type { PayloadFields } from "./payload.js";
import { plan, type Step } from "./plan.js";
import {
  type Cancellable,
  type HookRunner,
  type HookRunnerOptions,
  namedDoors,
  type ResultOf,
} from "./runner-api.js";
import { ScopedHooks } from "./scoped-hooks.js";
import type { TraceRecord } from "./trace.js";

export type { HookRunner, HookRunnerOptions } from "./runner-api.js";

/** Async hooks live on their own: cancelling the run that fired them does not stop them. */
const DETACHED = new AbortController().signal;
const NONE: readonly CompiledHook[] = [];

/** A trace record with the hook it is about. */
interface Traced {
  hook: CompiledHook;
  record: TraceRecord;
}

export function createHookRunner(options: HookRunnerOptions): HookRunner {
  const loaded = "problems" in options.hooks ? options.hooks : undefined;
  const hooks: readonly CompiledHook[] = loaded ? loaded.hooks : (options.hooks as readonly CompiledHook[]);
  const disabled = loaded?.disabled ?? false;
  const byEvent = new Map<HookEvent, CompiledHook[]>();
  /** Each hook's place in the configuration: the decision's trace is in that order. */
  const position = new Map(hooks.map((hook, i) => [hook, i]));
  for (const hook of hooks) byEvent.set(hook.event, [...(byEvent.get(hook.event) ?? []), hook]);
  const scoped = new ScopedHooks();
  /** The event's hooks for a firing: the configured ones, then those of the scopes in force. */
  const hooksFor = (event: HookEvent, fields: PayloadFields): readonly CompiledHook[] => {
    const configured = byEvent.get(event) ?? NONE;
    const extra = scoped.forFiring(event, fields);
    return extra.length ? [...configured, ...extra] : configured;
  };
  const hasHooks = (event: HookEvent): boolean => byEvent.has(event) || scoped.has(event);
  const reports = new HookReports(options);
  const jobs = new BackgroundJobs({
    maxConcurrent: options.maxConcurrentAsync ?? 8,
    maxDeferMs: options.maxAsyncDeferMs ?? 250,
    report: (what, err) =>
      reports.error(undefined, `hook ${what}: ${err instanceof Error ? err.message : String(err)}`),
  });
  const deps: ExecutionDeps = {
    session: options.session,
    executors: { command: createCommandExecutor(), ...options.executors },
    ...(options.approveHook ? { approveHook: options.approveHook } : {}),
    ...(reports.started ? { started: reports.started } : {}),
  };
  const backgroundDeps: ExecutionDeps = { ...deps, semaphore: jobs.semaphore };

  /** A hook's place in the firing's list: configured hooks by configuration order, scoped ones after. */
  function rank(hook: CompiledHook, list: readonly CompiledHook[]): number {
    return position.get(hook) ?? hooks.length + list.indexOf(hook);
  }

  /** Traces the skipped hooks of a step and starts its background ones; returns their records for the decision. */
  function startStep(step: Step, job: HookJob, time: string): Traced[] {
    const records: Traced[] = [];
    for (const { hook, reason } of step.skipped) {
      const record = baseRecord(hook, false, time);
      record.skipped = reason;
      reports.emit(record);
      if (hook.mode !== "async") records.push({ hook, record });
    }
    for (const hook of step.background) {
      jobs.start(hook.event, () =>
        executeHook(hook, { ...job, signal: DETACHED }, backgroundDeps).then((run) => {
          reports.ran(run);
          reports.emit(run.record);
        }),
      );
      // Its own record is emitted when it finishes; the decision only notes that it started.
      if (hook.mode !== "async")
        records.push({ hook, record: { ...baseRecord(hook, true), background: true } });
    }
    return records;
  }

  async function runStep(step: Step, job: HookJob): Promise<HookRun[]> {
    return Promise.all(
      step.wait.map(async (hook) => {
        const run = await executeHook(hook, job, deps);
        // A hook killed because the caller gave up did nothing wrong: traced, not reported.
        if (!job.signal.aborted) reports.ran(run);
        reports.emit(run.record);
        return run;
      }),
    );
  }

  /** plan → execute → merge; after a rewrite, the rest is planned again against the new arguments. */
  async function decide(
    event: HookEvent,
    mode: SyncMode,
    start: PayloadFields,
    signal: AbortSignal,
  ): Promise<Decision> {
    const list = hooksFor(event, start);
    const merge = MERGES[mode](event);
    const trace: TraceRecord[] = [];
    const ran = new Set<string>();
    const time = new Date().toISOString();
    let fields = start;
    let offset = 0;
    replan: for (;;) {
      const planned = plan(fields, offset ? list.slice(offset) : list, { disabled, ran });
      for (const key of planned.once) ran.add(key);
      scoped.spend(planned.steps.flatMap((step) => [...step.wait, ...step.background]));
      const job = jobOf(event, fields, signal, options.session);
      for (const step of planned.steps) {
        const started = startStep(step, job, time);
        if (!step.wait.length) {
          for (const { record } of started) trace.push(record);
          continue;
        }
        const runs = await runStep(step, job);
        let rewritten: Record<string, unknown> | undefined;
        const records: Traced[] = [...started, ...runs];
        // A group's members skipped or started in the background sit between its waited ones.
        if (started.length && step.wait[0]?.group !== undefined)
          records.sort((a, b) => rank(a.hook, list) - rank(b.hook, list));
        for (const { record } of records) trace.push(record);
        for (const run of runs) {
          const ruling = merge.add(run);
          if (ruling) return { ...ruling, trace };
          rewritten = merge.rewritten ?? rewritten;
        }
        if (rewritten) {
          fields = { ...fields, args: rewritten };
          offset += step.end;
          continue replan;
        }
      }
      return { ...merge.result(), trace };
    }
  }

  function fire<E extends HookEvent>(event: E, input: PayloadFields & Cancellable): ResultOf<E> {
    const spec: EventSpec = EVENT_SPECS[event];
    const fixed = spec.fixed;
    // Most events have no constants; copying the caller's input would cost every tool call.
    const fields = fixed.tool === undefined && fixed.message === undefined ? input : { ...input, ...fixed };
    // The mode of the hooks that are waited for: the event's own, else its Claude Code groups'.
    const mode = spec.mode === "async" ? spec.claude.mode : spec.mode;
    if (mode === undefined || mode === "async") {
      const list = hooksFor(event, fields);
      if (list.length) {
        const job = jobOf(event, fields, DETACHED, options.session);
        const planned = plan(fields, list, { disabled });
        scoped.spend(planned.steps.flatMap((step) => step.background));
        for (const step of planned.steps) startStep(step, job, new Date().toISOString());
      }
      return undefined as ResultOf<E>;
    }
    const decision = decide(event, mode, fields, input.signal ?? DETACHED);
    // Nobody may wait for it (SessionStart before any prompt): close() still does.
    if (mode === "feedback" && hasHooks(event)) jobs.track(event, decision);
    return decision as ResultOf<E>;
  }

  let closing: Promise<void> | undefined;
  const runner: HookRunner = {
    hooks,
    disabled,
    hasHooks,
    addScopedHooks: (scopeId, scopeHooks, scopeOptions) => scoped.add(scopeId, scopeHooks, scopeOptions),
    fire: (event, input) => fire(event, input as PayloadFields & Cancellable),
    fireFields: (event, fields) => fire(event, fields) as Promise<Decision> | undefined,
    ...namedDoors(fire),
    middleware: () =>
      createHookMiddleware({
        ...runner,
        foreground: (work) => jobs.gate.around(work),
        ...(options.toolPermissions ? { permissions: options.toolPermissions } : {}),
        ...(options.onStopRun ? { onStopRun: options.onStopRun } : {}),
      }),
    close() {
      // Idempotent; a second close after more hooks were fired waits for those too.
      closing = (closing ?? Promise.resolve()).then(async () => {
        await jobs.drain();
        await reports.flush();
        // Kept-alive connections and persistent hook processes end with the session.
        await Promise.all(Object.values(deps.executors).map((executor) => executor?.close?.()));
      });
      return closing;
    },
  };
  return runner;
}
