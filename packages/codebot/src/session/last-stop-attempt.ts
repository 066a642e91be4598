import { AsyncLocalStorage } from "node:async_hooks";
import type { TraceRecord } from "@codebot/hooks";

/**
 * Whether the Stop or SubagentStop hooks firing now are the last attempt the cap allows
 * (stop-hook-cap.ts): a block then ends the run rather than sending the agent back — the main
 * agent's with "a Stop hook still blocks after 3 attempts: …", a sub-agent's with its last answer
 * as the agent tool's result — and its ⚑ line says so. Sub-agents stop at once, each at its own
 * attempt: the mark is kept per firing (its async context), not for the session.
 */
export class LastStopAttempt {
  private readonly last = new AsyncLocalStorage<boolean>();

  /** Runs `fire`, the Stop or SubagentStop hooks' firing, marked as the last attempt when `last`. */
  during<T>(last: boolean, fire: () => Promise<T>): Promise<T> {
    return this.last.run(last, fire);
  }

  /** A Stop or SubagentStop hook's block the run ends with, not sent back. */
  endsRun(record: TraceRecord): boolean {
    return (
      this.last.getStore() === true &&
      (record.event === "Stop" || record.event === "SubagentStop") &&
      record.outcome === "blocked"
    );
  }
}
