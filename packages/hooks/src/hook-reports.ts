/**
 * Where a runner's hooks are reported: trace records (callback and JSONL file), the start of each
 * run, Claude Code's `systemMessage` and `terminalSequence`, and failures — each hook's once per runner (§7.5), and its
 * warnings (on a run that did not fail) once apart from that. An observer that throws must not
 * break hooks, and must not vanish either: it is reported once.
 */
import type { CompiledHook } from "./compiled-hook.js";
import type { HookEvent } from "./events.js";
import type { HookRun } from "./hook-execution.js";
import { failureSummary, type HookVerdict } from "./interpret.js";
import { noVerdictOf } from "./no-verdict.js";
import type { HookRunnerOptions } from "./runner-api.js";
import type { HookEnd, HookProgress, HookStart, TraceRecord } from "./trace.js";
import { TraceFile } from "./trace-file.js";

/** The runner's options that say where its reports go (documented on HookRunnerOptions). */
export type HookReportsOptions = Pick<
  HookRunnerOptions,
  | "onTrace"
  | "onHookStart"
  | "onHookEnd"
  | "onHookProgress"
  | "hookProgressOf"
  | "traceFile"
  | "onHookError"
  | "onNoVerdict"
  | "onSystemMessage"
  | "onTerminalSequence"
>;

export class HookReports {
  /** Hooks whose failure was shown; apart from warnings, so a warning never hides a later 401. */
  private readonly failureShown = new Set<CompiledHook>();
  /** Hooks whose warnings were shown (alone, or on a failure line). */
  private readonly warningShown = new Set<CompiledHook>();
  /** Hooks whose no-verdict report was given. */
  private readonly noVerdictShown = new Set<CompiledHook>();
  private readonly failedObservers = new Set<string>();
  private readonly traceFile: TraceFile | undefined;
  /** Told right before a hook's executor runs; absent when nobody listens. */
  readonly started: ((start: HookStart) => void) | undefined;
  /** Told of a running hook's output so far; absent when nobody listens. */
  private readonly progress: ((progress: HookProgress) => void) | undefined;

  constructor(private readonly options: HookReportsOptions) {
    this.traceFile = options.traceFile
      ? new TraceFile(options.traceFile, (message) => this.error(message))
      : undefined;
    const onHookStart = options.onHookStart;
    this.started = onHookStart ? (start) => this.observe("onHookStart", onHookStart, start) : undefined;
    const onHookProgress = options.onHookProgress;
    this.progress = onHookProgress
      ? (progress) => this.observe("onHookProgress", onHookProgress, progress)
      : undefined;
  }

  /** Where a running hook of `event` reports its output so far; undefined when nobody listens to that event's. */
  progressOf(event: HookEvent): ((progress: HookProgress) => void) | undefined {
    return this.options.hookProgressOf?.(event) === false ? undefined : this.progress;
  }

  /** A trace record, as soon as it exists. */
  emit(record: TraceRecord): void {
    this.traceFile?.append(record);
    if (this.options.onTrace) this.observe("onTrace", this.options.onTrace, record);
  }

  /** A started run has finished: its output, before its trace record. */
  ended(run: HookRun): void {
    const { verdict, runId } = run;
    if (!verdict || runId === undefined || !this.options.onHookEnd) return;
    this.observe("onHookEnd", this.options.onHookEnd, {
      runId,
      stdout: verdict.stdout,
      stderr: verdict.stderr,
      ...(verdict.output !== undefined ? { output: verdict.output } : {}),
      exitCode: verdict.exitCode,
      failed: verdict.failed,
      ...(run.record.outcome !== undefined ? { outcome: run.record.outcome } : {}),
      ...(verdict.systemMessage !== undefined ? { systemMessage: verdict.systemMessage } : {}),
    });
  }

  /**
   * A started background run given up at exit: its end, paired with its start, says it was
   * cancelled (its output so far is not known here).
   */
  abandoned(runId: string): void {
    if (!this.options.onHookEnd) return;
    const end: HookEnd = {
      runId,
      stdout: "",
      stderr: "",
      exitCode: null,
      failed: true,
      outcome: "cancelled",
    };
    this.observe("onHookEnd", this.options.onHookEnd, end);
  }

  /** A run that has actually run: its system message, its failure or unusable output. */
  ran(run: HookRun): void {
    const verdict = run.verdict;
    if (!verdict) return;
    const name = run.hook.name;
    if (verdict.systemMessage) this.options.onSystemMessage?.(`hook ${name}: ${verdict.systemMessage}`);
    if (verdict.terminalSequence) this.options.onTerminalSequence?.(verdict.terminalSequence);
    const warnings = verdict.warnings;
    if (verdict.failed) {
      // A failure shows its warnings too: a 401 is explained by the empty token header it warns of.
      const line = `hook ${name}: ${[failureText(run.hook, verdict), ...warnings].join("; ")}`;
      if (this.once(this.failureShown, run, line) && warnings.length) this.warningShown.add(run.hook);
    } else if (warnings.length) this.once(this.warningShown, run, `hook ${name}: ${warnings.join("; ")}`);
    this.noVerdict(run);
  }

  private noVerdict(run: HookRun): void {
    const onNoVerdict = this.options.onNoVerdict;
    if (!onNoVerdict || this.noVerdictShown.has(run.hook)) return;
    const noVerdict = noVerdictOf(run);
    if (!noVerdict) return;
    this.noVerdictShown.add(run.hook);
    this.observe("onNoVerdict", onNoVerdict, noVerdict);
  }

  /** Reports a problem that is not one hook's (a trace file, an observer, a background job). */
  error(message: string): void {
    this.options.onHookError?.(message);
  }

  /** Reports `message` unless `shown` already has the run's hook; true when it was reported. */
  private once(shown: Set<CompiledHook>, run: HookRun, message: string): boolean {
    if (!this.options.onHookError || shown.has(run.hook)) return false;
    shown.add(run.hook);
    this.options.onHookError(message, run.record.toolUseId);
    return true;
  }

  /** Resolves once every record so far is in the trace file. */
  async flush(): Promise<void> {
    await this.traceFile?.flush();
  }

  /** Writes every record so far to the trace file synchronously: the process exits right after. */
  flushNow(): void {
    this.traceFile?.flushNow();
  }

  private observe<T>(name: string, observer: (value: T) => void, value: T): void {
    try {
      observer(value);
    } catch (err) {
      if (this.failedObservers.has(name)) return;
      this.failedObservers.add(name);
      this.error(`hook trace: ${name} threw: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}

/**
 * A failed run as its line says it. An http hook's error names its URL (`http hook <url>: status
 * 500`), for a hook known by its name; a hook without one is already labelled by its URL, so the
 * line says it once.
 */
function failureText(hook: CompiledHook, verdict: HookVerdict): string {
  const summary = failureSummary(verdict);
  return hook.derivedName && hook.spec.type === "http" ? summary.replace(/^http hook \S+: /, "") : summary;
}
