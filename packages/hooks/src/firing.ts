/**
 * One firing of an event, the middle of the path index.ts draws: plan → execute → merge. The
 * runner (runner.ts) owns the hooks and their lifetimes; this module walks one firing's steps:
 * it traces the skipped hooks, starts the background ones, runs the waited ones and folds their
 * runs into one Decision.
 */
import { setMaxListeners } from "node:events";
import { abandonedRun } from "./abandoned-run.js";
import type { BackgroundJobs, UnfinishedRun } from "./background-jobs.js";
import type { CompiledHook } from "./compiled-hook.js";
import type { Decision } from "./decision.js";
import type { HookEvent } from "./events.js";
import { baseRecord, type ExecutionDeps, executeHook, type HookRun } from "./hook-execution.js";
import { type HookJob, jobOf } from "./hook-job.js";
import type { HookReports } from "./hook-reports.js";
import { MERGES, type SyncMode } from "./merge.js";
import type { HookSession, PayloadFields } from "./payload.js";
import { plan, type Step } from "./plan.js";
import { hookKill } from "./run-ended-by-hook.js";
import type { AbandonedRun, BackgroundContext, MatchingHooks } from "./runner-api.js";
import type { ScopedHooks } from "./scoped-hooks.js";
import type { HookStart, SkipReason, TraceRecord } from "./trace.js";

/** Async hooks live on their own: cancelling the run that fired them does not stop them. */
export const DETACHED: AbortSignal = new AbortController().signal;
// Every background run listens on it (and it never fires): dozens in flight across lanes are not a
// leak, and Node's warning at eleven would reach the user's terminal.
setMaxListeners(0, DETACHED);
const NONE: readonly CompiledHook[] = [];

/** What every firing of one runner shares. */
export interface FiringContext {
  byEvent: ReadonlyMap<HookEvent, readonly CompiledHook[]>;
  /** Hooks in force for a while (a loaded skill's, a running sub-agent's): after the configured ones. */
  scoped: ScopedHooks;
  /** Each hook's place in the configuration: the decision's trace is in that order. */
  position: ReadonlyMap<CompiledHook, number>;
  disabled: boolean;
  /** Hooks not from the managed settings are skipped, for this reason. */
  unmanagedOff?: SkipReason;
  session: HookSession;
  reports: HookReports;
  jobs: BackgroundJobs;
  deps: ExecutionDeps;
  /** A background http hook's failed run, to be kept (HookRunnerOptions.onUndelivered). */
  onUndelivered?: (run: AbandonedRun) => void;
  /** A background Claude Code hook's context for the model's next turn (HookRunnerOptions.onBackgroundContext). */
  onBackgroundContext?: (context: BackgroundContext) => void;
}

/** A trace record with the hook it is about. */
interface Traced {
  hook: CompiledHook;
  record: TraceRecord;
}

/** Starts every hook of an event whose hooks nobody waits for; traces the skipped ones. */
export function startAll(ctx: FiringContext, event: HookEvent, fields: PayloadFields): void {
  const list = hooksOf(ctx, event, fields);
  if (!list.length) return;
  const job = jobOf(event, fields, DETACHED, ctx.session);
  const time = new Date().toISOString();
  const planned = plan(fields, list, { disabled: ctx.disabled, unmanagedOff: ctx.unmanagedOff });
  ctx.scoped.spend(planned.steps.flatMap((step) => step.background));
  for (const step of planned.steps) startStep(ctx, step, job, time);
}

/**
 * The hooks a firing of the event with these fields would run, as the firing plans them (the same
 * matchers, `if` conditions, tool aliases, scopes and switches) — without running them or spending
 * a scoped `once` hook: those the firing waits for, and those it starts in the background.
 */
export function matchingHooks(ctx: FiringContext, event: HookEvent, fields: PayloadFields): MatchingHooks {
  const list = hooksOf(ctx, event, fields);
  if (!list.length) return { waited: [], background: [] };
  const planned = plan(fields, list, { disabled: ctx.disabled, unmanagedOff: ctx.unmanagedOff });
  return {
    waited: planned.steps.flatMap((step) => step.wait),
    background: planned.steps.flatMap((step) => step.background),
  };
}

/**
 * The hooks a firing of the event would run, with the job each would get — without running them:
 * what a session ending at once saves for an event it could no longer fire (SessionEnd).
 */
export function wouldRun(
  ctx: FiringContext,
  event: HookEvent,
  fields: PayloadFields,
): { hook: CompiledHook; job: HookJob }[] {
  const job = jobOf(event, fields, DETACHED, ctx.session);
  const { waited, background } = matchingHooks(ctx, event, fields);
  return [...waited, ...background].map((hook) => ({ hook, job }));
}

/** The event's hooks for a firing: the configured ones, then those of the scopes in force. */
function hooksOf(ctx: FiringContext, event: HookEvent, fields: PayloadFields): readonly CompiledHook[] {
  const configured = ctx.byEvent.get(event) ?? NONE;
  const scoped = ctx.scoped.forFiring(event, fields);
  return scoped.length ? [...configured, ...scoped] : configured;
}

/** A hook's place in the firing's list: configured hooks by configuration order, scoped ones after. */
function rank(ctx: FiringContext, hook: CompiledHook, list: readonly CompiledHook[]): number {
  return ctx.position.get(hook) ?? ctx.position.size + list.indexOf(hook);
}

/** plan → execute → merge; after a rewrite, the rest is planned again against the new arguments. */
export async function decide(
  ctx: FiringContext,
  event: HookEvent,
  mode: SyncMode,
  start: PayloadFields,
  signal: AbortSignal,
): Promise<Decision> {
  const list = hooksOf(ctx, event, start);
  const merge = MERGES[mode](event);
  const trace: TraceRecord[] = [];
  const ran = new Set<string>();
  const time = new Date().toISOString();
  let fields = start;
  let offset = 0;
  /** The arguments each waited hook was shown, and the hooks that rewrote them (confirmRewrite). */
  const shown = new Map<CompiledHook, PayloadFields["args"]>();
  const rewriters = new Set<CompiledHook>();
  replan: for (;;) {
    const planned = plan(fields, offset ? list.slice(offset) : list, {
      disabled: ctx.disabled,
      unmanagedOff: ctx.unmanagedOff,
      ran,
    });
    for (const key of planned.once) ran.add(key);
    // A scoped hook with `once` leaves its scope as soon as a firing plans to run it.
    ctx.scoped.spend(planned.steps.flatMap((step) => [...step.wait, ...step.background]));
    const job = jobOf(event, fields, signal, ctx.session);
    for (const step of planned.steps) {
      const started = startStep(ctx, step, job, time);
      if (!step.wait.length) {
        for (const { record } of started) trace.push(record);
        continue;
      }
      const runs = await runStep(ctx, step, job);
      let rewritten: Record<string, unknown> | undefined;
      const records: Traced[] = [...started, ...runs];
      // A group's members skipped or started in the background sit between its waited ones.
      if (started.length && step.wait[0]?.group !== undefined)
        records.sort((a, b) => rank(ctx, a.hook, list) - rank(ctx, b.hook, list));
      for (const { record } of records) trace.push(record);
      for (const run of runs) {
        const before = merge.rewritten;
        const ruling = merge.add(run);
        if (ruling) return { ...ruling, trace };
        shown.set(run.hook, fields.args);
        if (merge.rewritten !== before) rewriters.add(run.hook);
        rewritten = merge.rewritten ?? rewritten;
      }
      if (rewritten) {
        fields = { ...fields, args: rewritten };
        offset += step.end;
        continue replan;
      }
    }
    const refused =
      fields.args === start.args
        ? undefined
        : await confirmRewrite(ctx, { event, mode, fields, list, shown, rewriters, signal }, trace);
    return refused ?? { ...merge.result(), trace };
  }
}

/** What confirmRewrite needs of the firing it ends. */
interface Rewritten {
  event: HookEvent;
  mode: SyncMode;
  /** The fields with the final arguments. */
  fields: PayloadFields;
  list: readonly CompiledHook[];
  shown: ReadonlyMap<CompiledHook, PayloadFields["args"]>;
  rewriters: ReadonlySet<CompiledHook>;
  signal: AbortSignal;
}

/**
 * After a rewrite, every blocking hook that matches the final arguments and was not shown them
 * sees what will really run: one that let other arguments through, and one its matcher or `if`
 * kept out for the arguments it was asked about (a guard on `rm` when the call asked for `echo`).
 * A later hook (a project's, a plugin's) must not rewrite a call past the guard that comes before
 * it (the user's policy). Each runs once with the final arguments; a block there blocks the call,
 * a rewrite there is not taken. The hooks that rewrote are not asked again.
 */
async function confirmRewrite(
  ctx: FiringContext,
  rewritten: Rewritten,
  trace: TraceRecord[],
): Promise<Decision | undefined> {
  const { event, mode, fields, shown, rewriters, signal } = rewritten;
  const planned = plan(fields, rewritten.list, { disabled: ctx.disabled, unmanagedOff: ctx.unmanagedOff });
  const stale = planned.steps
    .flatMap((step) => step.wait)
    .filter((hook) => hook.blocking && !rewriters.has(hook) && shown.get(hook) !== fields.args);
  if (!stale.length) return undefined;
  const job = jobOf(event, fields, signal, ctx.session);
  const runs = await runStep(ctx, { skipped: [], background: [], wait: stale, end: 0 }, job);
  const confirm = MERGES[mode](event);
  for (const run of runs) {
    trace.push(run.record);
    const ruling = confirm.add(run);
    if (ruling) return { ...ruling, trace };
  }
  return undefined;
}

/** An http hook's run whose endpoint did not take the record: failed, or timed out (not a block, which is an answer). */
function undelivered(run: HookRun): boolean {
  const outcome = run.record.outcome;
  return (
    run.hook.spec.type === "http" &&
    run.verdict !== undefined &&
    (outcome === "failed" || outcome === "timed out")
  );
}

/** Traces the skipped hooks of a step and starts its background ones; returns their records for the decision. */
function startStep(ctx: FiringContext, step: Step, job: HookJob, time: string): Traced[] {
  const records: Traced[] = [];
  for (const { hook, reason } of step.skipped) {
    const record = baseRecord(hook, false, job, time);
    record.skipped = reason;
    ctx.reports.emit(record);
    if (hook.mode !== "async") records.push({ hook, record });
  }
  for (const hook of step.background) {
    ctx.jobs.startRun(hook, job, (takeTurn, unfinished) =>
      executeHook(
        hook,
        { ...job, signal: DETACHED },
        { ...ctx.deps, takeTurn, ...startNoted(ctx.deps.started, unfinished) },
      ).then((run) => {
        ctx.reports.ran(run);
        ctx.reports.ended(run);
        ctx.reports.emit(run.record);
        const context = run.verdict?.additionalContext;
        if (context && hook.background && hook.style === "claude")
          ctx.onBackgroundContext?.({ event: hook.event, hook: hook.name, context });
        if (undelivered(run))
          ctx.onUndelivered?.({
            ...abandonedRun(hook, job),
            state: "failed",
            error: run.record.error ?? run.record.outcome ?? "failed",
          });
      }),
    );
    // Its own record is emitted when it finishes; the decision only notes that it started.
    if (hook.mode !== "async")
      records.push({ hook, record: { ...baseRecord(hook, true, job), background: true } });
  }
  return records;
}

/**
 * `started`, noting the run's id on its listing: a background run given up at exit then gets an
 * end paired with its start (runner.abandon).
 */
function startNoted(
  started: ExecutionDeps["started"],
  unfinished: UnfinishedRun,
): Pick<ExecutionDeps, "started"> {
  if (!started) return {};
  return {
    started: (start: HookStart) => {
      unfinished.runId = start.runId;
      started(start);
    },
  };
}

function runStep(ctx: FiringContext, step: Step, job: HookJob): Promise<HookRun[]> {
  return Promise.all(
    step.wait.map(async (hook) => {
      // A firing nobody can cancel (DETACHED) needs no signal of its own.
      const kill =
        job.signal === DETACHED ? { signal: DETACHED, release: () => undefined } : hookKill(job.signal);
      try {
        const run = await executeHook(hook, job, ctx.deps, kill.signal);
        // A hook killed because the caller gave up did nothing wrong: traced, not reported.
        if (!kill.signal.aborted) ctx.reports.ran(run);
        ctx.reports.ended(run);
        ctx.reports.emit(run.record);
        return run;
      } finally {
        // After its record: the run's result, which waits for it, comes after its lines.
        kill.release();
      }
    }),
  );
}
