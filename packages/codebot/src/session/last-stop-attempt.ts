import type { TraceRecord } from "@codebot/hooks";

/**
 * Whether the Stop hooks firing now are the last attempt the cap allows (stop-hook-cap.ts): a
 * block then ends the run ("a Stop hook still blocks after 3 attempts: …") rather than sending
 * the agent back, and its ⚑ line says so. Stop fires once at a time (the main agent's stop).
 */
export class LastStopAttempt {
  private last = false;

  /** Runs `fire`, the Stop hooks' firing, marked as the last attempt when `last`. */
  async during<T>(last: boolean, fire: () => Promise<T>): Promise<T> {
    this.last = last;
    try {
      return await fire();
    } finally {
      this.last = false;
    }
  }

  /** A Stop hook's block the run ends with, not sent back. */
  endsRun(record: TraceRecord): boolean {
    return this.last && record.event === "Stop" && record.outcome === "blocked";
  }
}
