/**
 * Trace records (§10): one per hook considered, saying whether it matched, why it was skipped,
 * how it ran and what it decided. Delivered to a callback and optionally appended to a JSONL file.
 */
import { appendFile } from "node:fs/promises";
import type { HookEvent } from "./events.js";
import type { SettingsSource } from "./settings-layer.js";

/**
 * Why a hook did not run. `duplicate`: a Claude Code hook with the same command already ran for
 * this firing (§11); `failed call`: a Claude Code PostToolUse hook, for a call that failed
 * (Claude Code runs PostToolUseFailure instead).
 */
export type SkipReason =
  | "matcher"
  | "if"
  | "disabled"
  | "not approved"
  | "all hooks disabled"
  | "duplicate"
  | "failed call";

export type TraceOutcome = "allowed" | "blocked" | "failed" | "timed out";

/** What one hook's run decided, as recorded. */
export interface TraceDecision {
  block: boolean;
  reason?: string;
  additionalContext?: string;
  updatedInput?: Record<string, unknown>;
  /** Why a block did not count (a non-blocking hook, an async event). */
  ignored?: string;
  /** Claude Code's `permissionDecision` allow or ask. */
  permission?: "allow" | "ask";
  /** `continue: false`: the hook asked to end the run, for this reason. */
  stopRun?: string;
}

export interface TraceRecord {
  /** ISO time the hook was considered. */
  time: string;
  event: HookEvent;
  /** The hook's name. */
  hook: string;
  source: SettingsSource;
  /** The settings file it came from. */
  file: string;
  matched: boolean;
  skipped?: SkipReason;
  approval?: "approved" | "denied";
  approvalReason?: string;
  durationMs?: number;
  exitCode?: number | null;
  outcome?: TraceOutcome;
  decision?: TraceDecision;
  error?: string;
  /** Streams cut at their cap. */
  truncated?: string[];
  /** Parts of the output that could not be used. */
  warnings?: string[];
  /** Started in the background (`async: true`); nothing waited for it. */
  background?: boolean;
}

/**
 * A hook is about to run: approved (when approval is asked) and its executor starting now. The
 * moment to show its `statusMessage` (§3.1); the trace record follows when it has finished.
 */
export interface HookStart {
  event: HookEvent;
  /** The hook's name. */
  hook: string;
  source: SettingsSource;
  /** The settings file it came from. */
  file: string;
  statusMessage?: string;
  /** The tool call the event is about (tool events only). */
  toolUseId?: string;
}

/**
 * Appends records to a JSONL file. One write at a time, each carrying every line queued since the
 * last one: lines from concurrent hooks never interleave, and a burst costs few system calls.
 */
export class TraceFile {
  private pending = "";
  private writing: Promise<void> | undefined;
  private failed = false;

  constructor(
    readonly path: string,
    private readonly onError: (message: string) => void,
  ) {}

  append(record: TraceRecord): void {
    if (this.failed) return;
    this.pending += `${JSON.stringify(record)}\n`;
    this.writing ??= this.drain();
  }

  /** Resolves once everything appended so far is on disk (or has failed and been reported). */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
  }

  private async drain(): Promise<void> {
    try {
      while (this.pending && !this.failed) {
        const text = this.pending;
        this.pending = "";
        await appendFile(this.path, text).catch((err: unknown) => {
          this.failed = true;
          this.onError(`hook trace ${this.path}: ${err instanceof Error ? err.message : String(err)}`);
        });
      }
    } finally {
      this.writing = undefined;
    }
  }
}
