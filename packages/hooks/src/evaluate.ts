/**
 * How the hooks of one event combine into the caller's decision: hard veto (§7.2) and soft
 * validation (§7.3). Selection (matcher, `if`, switches) is here too, so every hook considered
 * leaves a trace record saying what happened to it.
 */
import { EVENT_SPECS, type HookEvent } from "./events.js";
import { baseRecord, type ExecutionDeps, executeHook, type HookRun } from "./hook-execution.js";
import type { CompiledHook } from "./load-hooks.js";
import { matchesAnyName } from "./matcher.js";
import { buildPayload, type PayloadFields } from "./payload.js";
import { toolNames } from "./tool-aliases.js";
import type { SkipReason, TraceRecord } from "./trace.js";

export interface HardDecision {
  blocked: boolean;
  reason?: string;
  /** Name of the hook that blocked. */
  blockedBy?: string;
  /** Context from the allowed hooks, joined with a blank line. */
  additionalContext?: string;
  /** PreToolUse only: the arguments after every rewrite. */
  updatedInput?: Record<string, unknown>;
  /** Name of the hook whose rewrite produced `updatedInput`. */
  updatedBy?: string;
  trace: TraceRecord[];
}

export interface SoftDecision {
  failed: boolean;
  /** What the agent is told to fix. */
  feedback?: string;
  /** Name of the hook that failed. */
  hook?: string;
  trace: TraceRecord[];
}

/** Everything an evaluation needs from the runner. */
export interface EvaluationDeps extends ExecutionDeps {
  /** `disableAllHooks` is set. */
  disabled: boolean;
  /** Receives each record as soon as it exists. */
  emit: (record: TraceRecord) => void;
  /** Told about each run that has actually run (for once-per-hook error reports). */
  ran: (run: HookRun) => void;
}

/** One firing of an event: the fields the payload, the match name and the `if` subject come from. */
export class Firing {
  private payloadCache?: string;
  private ifCache?: string;
  private namesCache?: readonly string[];
  private timeCache?: string;

  constructor(
    readonly event: HookEvent,
    readonly fields: PayloadFields,
    readonly signal: AbortSignal,
    private readonly deps: EvaluationDeps,
  ) {}

  /** The same firing with rewritten tool arguments (later hooks of a chain see them). */
  withArgs(args: Record<string, unknown>): Firing {
    return new Firing(this.event, { ...this.fields, args }, this.signal, this.deps);
  }

  get toolName(): string {
    return this.fields.tool ?? "";
  }

  /** What the first-level matcher is compared with: a tool and its aliases, an agent's name, or "". */
  matchNames(): readonly string[] {
    if (this.namesCache === undefined) {
      const on = EVENT_SPECS[this.event].matchOn;
      this.namesCache =
        on === "tool" ? toolNames(this.toolName) : on === "agent" ? [this.fields.agent ?? ""] : [""];
    }
    return this.namesCache;
  }

  /** What `if` is compared with; compact JSON built at most once per firing. */
  ifSubject(): string {
    if (this.ifCache === undefined) {
      const on = EVENT_SPECS[this.event].ifOn;
      const value = on === "args" ? this.fields.args : on === "task" ? this.fields.task : undefined;
      this.ifCache = value === undefined ? "" : JSON.stringify(value);
    }
    return this.ifCache;
  }

  payload(): string {
    this.payloadCache ??= buildPayload(this.event, this.deps.session, this.fields);
    return this.payloadCache;
  }

  /** Why the hook does not run for this firing, or undefined when it does. */
  skipReason(hook: CompiledHook): SkipReason | undefined {
    if (this.deps.disabled) return "all hooks disabled";
    if (!hook.enabled) return "disabled";
    if (!matchesAnyName(hook.matcher, this.matchNames())) return "matcher";
    if (hook.ifMatcher && !hook.ifMatcher.test(this.ifSubject())) return "if";
    return undefined;
  }

  /**
   * Runs the hook if it matches; either way yields its trace record (and run). A skipped hook is
   * answered synchronously: with a hundred hooks that do not match, no promise is made.
   */
  consider(hook: CompiledHook): Considered | Promise<Considered> {
    const skipped = this.skipReason(hook);
    if (skipped) {
      this.timeCache ??= new Date().toISOString();
      const record = baseRecord(hook, false, this.timeCache);
      record.skipped = skipped;
      this.deps.emit(record);
      return { record };
    }
    return executeHook(
      hook,
      { event: this.event, toolName: this.toolName, payload: () => this.payload(), signal: this.signal },
      this.deps,
    ).then((run) => {
      // A hook killed because the caller gave up did nothing wrong: traced, not reported.
      if (!this.signal.aborted) this.deps.ran(run);
      this.deps.emit(run.record);
      return { record: run.record, run };
    });
  }

  /** Considers every hook of a step; a promise only when one of them actually runs. */
  considerStep(step: readonly CompiledHook[]): Considered[] | Promise<Considered[]> {
    const results = step.map((hook) => this.consider(hook));
    return results.some((r) => r instanceof Promise) ? Promise.all(results) : (results as Considered[]);
  }
}

export interface Considered {
  record: TraceRecord;
  run?: HookRun;
}

/**
 * Consecutive hooks of one Claude Code group run together; every native entry is a step of its own.
 * Steps run in configuration order.
 */
export function stepsOf(hooks: readonly CompiledHook[]): CompiledHook[][] {
  const out: CompiledHook[][] = [];
  for (const hook of hooks) {
    const last = out.at(-1);
    if (last && hook.group !== undefined && last[0]?.group === hook.group) last.push(hook);
    else out.push([hook]);
  }
  return out;
}

/** §7.2: in order; the first blocking hook that blocks decides; contexts join; rewrites chain. */
export async function evaluateHard(steps: readonly CompiledHook[][], start: Firing): Promise<HardDecision> {
  const trace: TraceRecord[] = [];
  const contexts: string[] = [];
  let firing = start;
  let updatedInput: Record<string, unknown> | undefined;
  let updatedBy: string | undefined;
  const rewrites = EVENT_SPECS[start.event].rewritesArgs;
  for (const step of steps) {
    // Members of a step run concurrently but are merged in configuration order, never completion order.
    const considered = firing.considerStep(step);
    const results = considered instanceof Promise ? await considered : considered;
    for (const { record } of results) trace.push(record);
    for (const { run } of results) {
      if (!run) continue;
      if (run.blocks) {
        return {
          blocked: true,
          reason: run.blockReason ?? "blocked by hook",
          blockedBy: run.hook.name,
          trace,
        };
      }
      const verdict = run.verdict;
      if (!verdict) continue;
      if (verdict.additionalContext) contexts.push(verdict.additionalContext);
      if (rewrites && verdict.updatedInput) {
        updatedInput = verdict.updatedInput;
        updatedBy = run.hook.name;
        firing = firing.withArgs(updatedInput);
      }
    }
  }
  return {
    blocked: false,
    ...(contexts.length ? { additionalContext: contexts.join("\n\n") } : {}),
    ...(updatedInput ? { updatedInput, updatedBy: updatedBy ?? "" } : {}),
    trace,
  };
}

/** §7.3: in order; the first hook that blocks or fails decides, and its output becomes feedback. */
export async function evaluateSoft(steps: readonly CompiledHook[][], firing: Firing): Promise<SoftDecision> {
  const trace: TraceRecord[] = [];
  for (const step of steps) {
    const considered = firing.considerStep(step);
    const results = considered instanceof Promise ? await considered : considered;
    for (const { record } of results) trace.push(record);
    for (const { run } of results) {
      if (run?.blocks) return { failed: true, feedback: feedbackOf(run), hook: run.hook.name, trace };
    }
  }
  return { failed: false, trace };
}

/**
 * Trimmed stdout, else the block reason, else the error with the whole stderr. Decision JSON on
 * stdout is machine talk: its reason is the feedback when it gives one.
 */
function feedbackOf(run: HookRun): string {
  const verdict = run.verdict;
  if (!verdict) return run.blockReason ?? "blocked by hook";
  const stdout = verdict.stdout.trim();
  const jsonReason = verdict.stdoutIsJson && verdict.isBlock ? verdict.reason : undefined;
  if (jsonReason) return jsonReason;
  if (stdout) return stdout;
  if (verdict.isBlock && verdict.reason) return verdict.reason;
  const stderr = verdict.stderr.trim();
  const error = `${run.hook.name} failed: ${verdict.error ?? "failed"}`;
  return stderr ? `${error}\n${stderr}` : error;
}
