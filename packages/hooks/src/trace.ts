/**
 * Trace records (§10): one per hook considered, saying whether it matched, why it was skipped,
 * how it ran and what it decided. Delivered to a callback and optionally appended to a JSONL file.
 */
import { appendFile } from "node:fs/promises";
import type { HookEvent } from "./events.js";
import type { SettingsSource } from "./settings-layer.js";

export type SkipReason = "matcher" | "if" | "disabled" | "not approved" | "all hooks disabled";

export type TraceOutcome = "allowed" | "blocked" | "failed" | "timed out";

/** What one hook's run decided, as recorded. */
export interface TraceDecision {
  block: boolean;
  reason?: string;
  additionalContext?: string;
  updatedInput?: Record<string, unknown>;
  /** Why a block did not count (a non-blocking hook, an async event). */
  ignored?: string;
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
}

/**
 * Appends records to a JSONL file. Writes are chained, so lines from concurrent hooks never
 * interleave; `flush()` waits for everything queued.
 */
export class TraceFile {
  private tail: Promise<void> = Promise.resolve();
  private failed = false;

  constructor(
    readonly path: string,
    private readonly onError: (message: string) => void,
  ) {}

  append(records: readonly TraceRecord[]): void {
    if (records.length === 0 || this.failed) return;
    const text = records.map((r) => `${JSON.stringify(r)}\n`).join("");
    this.tail = this.tail.then(() =>
      appendFile(this.path, text).catch((err: unknown) => {
        this.failed = true;
        this.onError(`hook trace ${this.path}: ${err instanceof Error ? err.message : String(err)}`);
      }),
    );
  }

  flush(): Promise<void> {
    return this.tail;
  }
}
