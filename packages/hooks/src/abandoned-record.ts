import type { UnfinishedRun } from "./background-jobs.js";
import { baseRecord } from "./hook-execution.js";
import type { TraceRecord } from "./trace.js";

/**
 * The trace record of a background hook run given up when the session exits at once: failed, no
 * exit code, and whether it was still running or had not started (its payload is in the
 * undelivered file).
 */
export function abandonedRecord({ hook, job, queuedAt, running }: UnfinishedRun): TraceRecord {
  return {
    ...baseRecord(hook, true, job, queuedAt.toISOString()),
    exitCode: null,
    outcome: "failed",
    decision: { block: false },
    error: running ? "abandoned at exit while running" : "abandoned at exit before it started",
    ...(hook.background ? { background: true } : {}),
  };
}
