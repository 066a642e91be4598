/**
 * How the hooks of one event combine into the caller's decision: hard veto (§7.2) and soft
 * validation (§7.3). Selection (matcher, `if`, switches) is here too, so every hook considered
 * leaves a trace record saying what happened to it.
 */
import { claudeSpec } from "./claude-command.js";
import { buildClaudePayload } from "./claude-payload.js";
import { type ClaudeMatchOn, EVENT_SPECS, type EventSpec, type HookEvent, type MatchOn } from "./events.js";
import { baseRecord, type ExecutionDeps, executeHook, type HookJob, type HookRun } from "./hook-execution.js";
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
  /** PreCompact: the first allowed hook's `hookSpecificOutput.summary`. */
  summary?: string;
  /** PreToolUse only: the arguments after every rewrite. */
  updatedInput?: Record<string, unknown>;
  /** Name of the hook whose rewrite produced `updatedInput`. */
  updatedBy?: string;
  /**
   * PreToolUse: Claude Code's `permissionDecision` of the allowed hooks, `ask` over `allow`:
   * `allow` skips the permission question for the call, `ask` puts the call to the user.
   */
  permission?: "allow" | "ask";
  permissionReason?: string;
  /** Name of the hook whose permission decision counts. */
  permissionBy?: string;
  /** A hook answered `continue: false`: the run is to end, for this reason (§11). */
  stop?: { reason: string; hook: string };
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
  /**
   * Starts a background (`async: true`) hook of a sync evaluation on its own lifetime; nobody
   * waits for it. Absent for async events, whose hooks all run that way already.
   */
  startBackground?: (hook: CompiledHook, job: HookJob) => void;
}

type Style = CompiledHook["style"];

/** One firing of an event: the fields the payload, the match name and the `if` subject come from. */
export class Firing {
  private readonly payloadCache: Partial<Record<Style, string>> = {};
  private readonly namesCache: Partial<Record<Style, readonly string[]>> = {};
  private ifCache?: string;
  private timeCache?: string;

  constructor(
    readonly event: HookEvent,
    readonly fields: PayloadFields,
    readonly signal: AbortSignal,
    private readonly deps: EvaluationDeps,
    /** Commands of Claude Code hooks already run for this firing (they run once, §11). */
    private readonly commandsRun = new Set<string>(),
  ) {}

  /** The same firing with rewritten tool arguments (later hooks of a chain see them). */
  withArgs(args: Record<string, unknown>): Firing {
    return new Firing(this.event, { ...this.fields, args }, this.signal, this.deps, this.commandsRun);
  }

  get toolName(): string {
    return this.fields.tool ?? "";
  }

  /**
   * What the first-level matcher is compared with: for native entries a tool and its aliases, an
   * agent's name, or ""; for Claude Code hooks the event's Claude Code field (§11).
   */
  matchNames(style: Style): readonly string[] {
    let names = this.namesCache[style];
    if (names === undefined) {
      const spec: EventSpec = EVENT_SPECS[this.event];
      names = this.namesFor(style === "claude" ? spec.claude.matchOn : spec.matchOn);
      this.namesCache[style] = names;
    }
    return names;
  }

  private namesFor(on: MatchOn | ClaudeMatchOn): readonly string[] {
    const f = this.fields;
    switch (on) {
      case "tool":
        return toolNames(this.toolName);
      case "agent":
        return [f.agent ?? ""];
      case "source":
        return [f.source ?? ""];
      case "reason":
        return [f.reason ?? ""];
      case "notificationType":
        return [f.notificationType ?? ""];
      case "trigger":
        return [f.trigger ?? ""];
      case "none":
        return [""];
    }
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

  /** The payload JSON in the hook's style: codebot's (§5) or Claude Code's (§11). */
  payload(style: Style): string {
    let payload = this.payloadCache[style];
    if (payload === undefined) {
      payload =
        style === "claude"
          ? buildClaudePayload(this.event, this.deps.session, this.fields)
          : buildPayload(this.event, this.deps.session, this.fields);
      this.payloadCache[style] = payload;
    }
    return payload;
  }

  /**
   * Why the hook does not run for this firing, or undefined when it does. Called once per hook
   * per firing, in configuration order: the first Claude Code hook with a given command runs,
   * the later identical ones are duplicates.
   */
  skipReason(hook: CompiledHook): SkipReason | undefined {
    if (this.deps.disabled) return "all hooks disabled";
    if (!hook.enabled) return "disabled";
    if (!matchesAnyName(hook.matcher, this.matchNames(hook.style))) return "matcher";
    if (hook.ifMatcher && !hook.ifMatcher.test(this.ifSubject())) return "if";
    if (hook.style === "claude") {
      if (this.event === "PostToolUse" && this.fields.isError === true) return "failed call";
      const spec = claudeSpec(hook, this.deps.session.cwd);
      if (spec.type === "command") {
        if (this.commandsRun.has(spec.command)) return "duplicate";
        this.commandsRun.add(spec.command);
      }
    }
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
    const job: HookJob = {
      event: this.event,
      toolName: this.toolName,
      ...(this.fields.toolUseId ? { toolUseId: this.fields.toolUseId } : {}),
      payload: (style) => this.payload(style),
      signal: this.signal,
    };
    if (hook.background && this.deps.startBackground) {
      // Its own record is emitted when it finishes; the decision only notes that it started.
      this.deps.startBackground(hook, job);
      return { record: { ...baseRecord(hook, true), background: true } };
    }
    return executeHook(hook, job, this.deps).then((run) => {
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
  let summary: string | undefined;
  let firing = start;
  let updatedInput: Record<string, unknown> | undefined;
  let updatedBy: string | undefined;
  let permission: Pick<HardDecision, "permission" | "permissionReason" | "permissionBy"> = {};
  const spec: EventSpec = EVENT_SPECS[start.event];
  const rewrites = spec.rewritesArgs;
  for (const step of steps) {
    // Members of a step run concurrently but are merged in configuration order, never completion order.
    const considered = firing.considerStep(step);
    const results = considered instanceof Promise ? await considered : considered;
    for (const { record } of results) trace.push(record);
    for (const { run } of results) {
      if (!run) continue;
      // `continue: false` outranks every other answer (Claude Code); only a hook that may block can end the run.
      const stopRun = run.verdict?.stopRun;
      if (stopRun !== undefined && run.hook.blocking && spec.claude.canStopRun === true) {
        return { blocked: false, stop: { reason: stopRun, hook: run.hook.name }, trace };
      }
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
      summary ??= verdict.summary;
      if (rewrites && verdict.updatedInput) {
        updatedInput = verdict.updatedInput;
        updatedBy = run.hook.name;
        firing = firing.withArgs(updatedInput);
      }
      // Permission answers count from hooks that may block, as a deny would; ask outranks allow.
      if (rewrites && run.hook.blocking && verdict.permission && permission.permission !== "ask") {
        permission = {
          permission: verdict.permission,
          permissionBy: run.hook.name,
          ...(verdict.permissionReason ? { permissionReason: verdict.permissionReason } : {}),
        };
      }
    }
  }
  return {
    blocked: false,
    ...(contexts.length ? { additionalContext: contexts.join("\n\n") } : {}),
    ...(summary !== undefined ? { summary } : {}),
    ...(updatedInput ? { updatedInput, updatedBy: updatedBy ?? "" } : {}),
    ...permission,
    trace,
  };
}

/**
 * Claude Code groups of events codebot otherwise runs in the background (PostToolUse,
 * PostToolUseFailure, SessionStart): every matching hook runs, nothing is vetoed, and what they
 * said is collected in configuration order — block reasons (`blocked`, `reason`) as feedback for
 * the model, context, and the first request to end the run.
 */
export async function evaluateFeedback(
  steps: readonly CompiledHook[][],
  firing: Firing,
): Promise<HardDecision> {
  const trace: TraceRecord[] = [];
  const contexts: string[] = [];
  const reasons: string[] = [];
  let blockedBy: string | undefined;
  let stop: HardDecision["stop"];
  const canStopRun = (EVENT_SPECS[firing.event] as EventSpec).claude.canStopRun === true;
  for (const step of steps) {
    const considered = firing.considerStep(step);
    const results = considered instanceof Promise ? await considered : considered;
    for (const { record, run } of results) {
      trace.push(record);
      const verdict = run?.verdict;
      if (!run || !verdict) continue;
      if (canStopRun && verdict.stopRun !== undefined)
        stop ??= { reason: verdict.stopRun, hook: run.hook.name };
      if (run.blocks) {
        reasons.push(run.blockReason ?? "blocked by hook");
        blockedBy ??= run.hook.name;
      }
      if (verdict.additionalContext) contexts.push(verdict.additionalContext);
    }
  }
  return {
    blocked: reasons.length > 0,
    ...(reasons.length ? { reason: reasons.join("\n\n"), blockedBy: blockedBy ?? "" } : {}),
    ...(contexts.length ? { additionalContext: contexts.join("\n\n") } : {}),
    ...(stop ? { stop } : {}),
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
