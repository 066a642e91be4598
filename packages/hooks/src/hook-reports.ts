/**
 * Where a runner's hooks are reported: trace records (callback and JSONL file), the start of each
 * run, Claude Code's `systemMessage`, and failures — each hook's once per runner (§7.5). An
 * observer that throws must not break hooks, and must not vanish either: it is reported once.
 */
import type { CompiledHook } from "./compiled-hook.js";
import type { HookRun } from "./hook-execution.js";
import { failureSummary } from "./interpret.js";
import { type HookStart, TraceFile, type TraceRecord } from "./trace.js";

export interface HookReportsOptions {
  onTrace?: (record: TraceRecord) => void;
  onHookStart?: (start: HookStart) => void;
  traceFile?: string;
  onHookError?: (message: string) => void;
  onSystemMessage?: (message: string) => void;
}

export class HookReports {
  private readonly reported = new Set<CompiledHook>();
  private readonly failedObservers = new Set<string>();
  private readonly traceFile: TraceFile | undefined;
  /** Told right before a hook's executor runs; absent when nobody listens. */
  readonly started: ((start: HookStart) => void) | undefined;

  constructor(private readonly options: HookReportsOptions) {
    this.traceFile = options.traceFile
      ? new TraceFile(options.traceFile, (message) => this.error(undefined, message))
      : undefined;
    const onHookStart = options.onHookStart;
    this.started = onHookStart ? (start) => this.observe("onHookStart", onHookStart, start) : undefined;
  }

  /** A trace record, as soon as it exists. */
  emit(record: TraceRecord): void {
    this.traceFile?.append(record);
    if (this.options.onTrace) this.observe("onTrace", this.options.onTrace, record);
  }

  /** A run that has actually run: its system message, its failure or unusable output. */
  ran(run: HookRun): void {
    const verdict = run.verdict;
    if (!verdict) return;
    const name = run.hook.name;
    if (verdict.systemMessage) this.options.onSystemMessage?.(`hook ${name}: ${verdict.systemMessage}`);
    // A failure shows its warnings too: a 401 is explained by the empty token header it warns of.
    if (verdict.failed)
      this.error(run.hook, `hook ${name}: ${[failureSummary(verdict), ...verdict.warnings].join("; ")}`);
    else if (verdict.warnings.length) this.error(run.hook, `hook ${name}: ${verdict.warnings.join("; ")}`);
  }

  /** Reports a problem; one about a hook only the first time. */
  error(hook: CompiledHook | undefined, message: string): void {
    if (!this.options.onHookError || (hook && this.reported.has(hook))) return;
    if (hook) this.reported.add(hook);
    this.options.onHookError(message);
  }

  /** Resolves once every record so far is in the trace file. */
  async flush(): Promise<void> {
    await this.traceFile?.flush();
  }

  private observe<T>(name: string, observer: (value: T) => void, value: T): void {
    try {
      observer(value);
    } catch (err) {
      if (this.failedObservers.has(name)) return;
      this.failedObservers.add(name);
      this.error(undefined, `hook trace: ${name} threw: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}
