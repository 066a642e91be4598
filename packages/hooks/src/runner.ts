/**
 * The hook runner: it owns the compiled hooks, their executors and background jobs; each firing
 * is plan → execute → merge (firing.ts; index.ts draws the whole path). One generic `fire`
 * driven by the event table; the named methods are typed doors into it.
 */
import { abandonedRecord } from "./abandoned-record.js";
import { abandonedRun } from "./abandoned-run.js";
import { BackgroundJobs } from "./background-jobs.js";
import { claudeSpec } from "./claude-command.js";
import { createCommandExecutor } from "./command-executor.js";
import type { CompiledHook } from "./compiled-hook.js";
import type { Decision } from "./decision.js";
import { EVENT_SPECS, type EventSpec, type HookEvent } from "./events.js";
import type { CommandSpec } from "./executor.js";
import { DETACHED, decide, type FiringContext, matchingHooks, startAll, wouldRun } from "./firing.js";
import type { ExecutionDeps } from "./hook-execution.js";
import { HookReports } from "./hook-reports.js";
import { isManagedHook } from "./managed-switches.js";
import { createHookMiddleware } from "./middleware.js";
import type { PayloadFields } from "./payload.js";
import {
  type AbandonedRun,
  type BackgroundContext,
  type Cancellable,
  type HookRunner,
  type HookRunnerOptions,
  namedDoors,
  type ResultOf,
} from "./runner-api.js";
import { ScopedHooks } from "./scoped-hooks.js";
import type { SkipReason } from "./trace.js";

export type { HookRunner, HookRunnerOptions } from "./runner-api.js";

export function createHookRunner(options: HookRunnerOptions): HookRunner {
  let hooks: readonly CompiledHook[] = [];
  let disabled = false;
  let unmanagedOff: SkipReason | undefined;
  const byEvent = new Map<HookEvent, CompiledHook[]>();
  /** Each hook's place in the configuration: the decision's trace is in that order. */
  const position = new Map<CompiledHook, number>();
  /** Takes these hooks from now on (at start, and when the settings changed): firings under way keep theirs. */
  function load(given: HookRunnerOptions["hooks"]): void {
    const loaded = "problems" in given ? given : undefined;
    hooks = loaded ? loaded.hooks : (given as readonly CompiledHook[]);
    disabled = loaded?.disabled ?? false;
    unmanagedOff = loaded?.unmanagedOff;
    byEvent.clear();
    position.clear();
    hooks.forEach((hook, i) => {
      position.set(hook, i);
      byEvent.set(hook.event, [...(byEvent.get(hook.event) ?? []), hook]);
    });
  }
  load(options.hooks);
  const reports = new HookReports(options);
  const jobs = new BackgroundJobs({
    maxConcurrent: options.maxConcurrentAsync ?? 8,
    maxDeferMs: options.maxAsyncDeferMs ?? 250,
    report: (what, err) => reports.error(`hook ${what}: ${err instanceof Error ? err.message : String(err)}`),
  });
  const deps: ExecutionDeps = {
    session: options.session,
    executors: { command: createCommandExecutor(), ...options.executors },
    ...(options.approveHook ? { approveHook: options.approveHook } : {}),
    ...(reports.started ? { started: reports.started } : {}),
    progressOf: (event) => reports.progressOf(event),
    ...(options.onBackgroundContext ? { saidLater: saidLaterTo(options.onBackgroundContext) } : {}),
  };
  const ctx: FiringContext = {
    byEvent,
    scoped: new ScopedHooks(),
    position,
    get disabled() {
      return disabled;
    },
    get unmanagedOff() {
      return unmanagedOff;
    },
    session: options.session,
    reports,
    jobs,
    deps,
    ...(options.onUndelivered ? { onUndelivered: options.onUndelivered } : {}),
    ...(options.onBackgroundContext ? { onBackgroundContext: options.onBackgroundContext } : {}),
  };

  const hasHooks = (event: HookEvent): boolean => byEvent.has(event) || ctx.scoped.has(event);

  /** The payload fields of a firing: the caller's, with the event's constants. */
  function fieldsOf(event: HookEvent, input: PayloadFields): PayloadFields {
    const fixed = EVENT_SPECS[event].fixed;
    // Most events have no constants; copying the caller's input would cost every tool call.
    return fixed.tool === undefined && fixed.message === undefined ? input : { ...input, ...fixed };
  }

  function fire<E extends HookEvent>(event: E, input: PayloadFields & Cancellable): ResultOf<E> {
    const spec: EventSpec = EVENT_SPECS[event];
    const fields = fieldsOf(event, input);
    // The mode of the hooks that are waited for: the event's own, else its Claude Code groups'.
    const mode = spec.mode === "async" ? spec.claude.mode : spec.mode;
    if (mode === undefined || mode === "async") {
      startAll(ctx, event, fields);
      return undefined as ResultOf<E>;
    }
    const decision = decide(ctx, event, mode, fields, input.signal ?? DETACHED);
    // Nobody may wait for it (SessionStart before any prompt): close() still does.
    if (mode === "feedback" && hasHooks(event)) jobs.track(event, decision);
    return decision as ResultOf<E>;
  }

  let closing: Promise<void> | undefined;
  const runner: HookRunner = {
    get hooks() {
      return hooks;
    },
    get disabled() {
      return disabled;
    },
    reload(given) {
      load(given);
      // A persistent process of a hook the settings no longer have (or switched off) would run on.
      const inForce = disabled
        ? []
        : [...hooks, ...ctx.scoped.all()].filter(
            (hook) => hook.enabled && (unmanagedOff === undefined || isManagedHook(hook)),
          );
      const commands = inForce
        .filter((hook) => hook.spec.type === "command")
        .map((hook) => claudeSpec(hook, options.session.cwd) as CommandSpec);
      void deps.executors.command?.retain?.(commands);
    },
    hasHooks,
    matchingHooks: (event, fields) => matchingHooks(ctx, event, fieldsOf(event, fields)),
    addScopedHooks: (scopeId, scopeHooks, scopeOptions) => ctx.scoped.add(scopeId, scopeHooks, scopeOptions),
    fire: (event, input) => fire(event, input as PayloadFields & Cancellable),
    fireFields: (event, fields) => fire(event, fields) as Promise<Decision> | undefined,
    ...namedDoors(fire),
    middleware: () =>
      createHookMiddleware({
        ...runner,
        foreground: (work) => jobs.gate.around(work),
        onWarning: (message) => reports.error(message),
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
    unfinishedRuns: (toolUseId) =>
      jobs.unfinished().filter((run) => toolUseId === undefined || run.job.toolUseId === toolUseId).length,
    abandon(unfired) {
      const unfinished = jobs.unfinished();
      const abandoned: AbandonedRun[] = unfinished.map(({ hook, job, queuedAt, running }) => ({
        ...abandonedRun(hook, job),
        state: running ? "running" : "queued",
        queuedAt,
      }));
      if (unfired) {
        for (const { hook, job } of wouldRun(ctx, unfired.event, fieldsOf(unfired.event, unfired.fields)))
          abandoned.push({ ...abandonedRun(hook, job), state: "not fired" });
      }
      // Every run considered has its trace record: the ones given up get theirs now, and the trace
      // file gets every record not yet on disk before the process exits.
      for (const run of unfinished) {
        if (run.runId !== undefined) reports.abandoned(run.runId);
        reports.emit(abandonedRecord(run));
      }
      reports.flushNow();
      return abandoned;
    },
  };
  return runner;
}

/** A hook's words after its async reply go where a background hook's context goes. */
function saidLaterTo(deliver: (context: BackgroundContext) => void) {
  return (hook: CompiledHook, context: string) => deliver({ event: hook.event, hook: hook.name, context });
}
