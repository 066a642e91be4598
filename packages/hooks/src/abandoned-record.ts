import type { UnfinishedRun } from "./background-jobs.js";
import { baseRecord } from "./hook-execution.js";
import type { TraceRecord } from "./trace.js";

/**
 * The trace record of a background hook run given up when the session exits at once: cancelled,
 * no exit code, its time since it was fired, and why — still running, or not started (then
 * `skipped: "not started"`, as no HookStart came before it). Its payload is in the undelivered file.
 */
export function abandonedRecord(
  { hook, job, queuedAt, running }: UnfinishedRun,
  now: Date = new Date(),
): TraceRecord {
  return {
    ...baseRecord(hook, true, job, queuedAt.toISOString()),
    ...(running ? {} : { skipped: "not started" }),
    durationMs: Math.max(0, now.getTime() - queuedAt.getTime()),
    exitCode: null,
    outcome: "cancelled",
    cancelReason: running ? "abandoned at exit while running" : "abandoned at exit before it started",
    decision: { block: false },
    ...(hook.background ? { background: true } : {}),
  };
}
