import type { SessionEndReason } from "@codebot/hooks";
import type { RuntimeParts } from "./runtime-parts.js";
import { type AbandonedHooks, saveUndelivered } from "./undelivered-hooks.js";

/** The end of a runtime's session (Runtime.close), and what a process that cannot wait for it leaves behind. */
export class RuntimeShutdown {
  private closing: Promise<void> | undefined;
  /** SessionEnd's reason, once close() has begun. */
  private closeReason: SessionEndReason = "other";
  private sessionEndFired = false;

  constructor(private readonly parts: RuntimeParts) {}

  /** close() has begun. */
  get began(): boolean {
    return this.closing !== undefined;
  }

  /**
   * For a process that must exit now (a second signal while closing): writes every background
   * hook run that has not finished, and SessionEnd's hooks when it has not fired yet, with their
   * payloads to the spool file `file`, synchronously. Stops nothing: the caller exits.
   */
  abandonHooks(file: string): AbandonedHooks {
    const runs = this.parts.hooks.abandon(
      this.sessionEndFired ? undefined : { event: "SessionEnd", fields: { reason: this.closeReason } },
    );
    const sessionEndMissed = runs.some((run) => run.state === "not fired");
    const error = saveUndelivered(file, runs);
    return { count: runs.length, sessionEndMissed, file, ...(error !== undefined ? { error } : {}) };
  }

  /**
   * Ends the session: aborts a prompt in progress and waits for it, fires SessionEnd, then waits
   * for every async hook (each up to its own timeout). Idempotent. Transcript lines are written
   * synchronously as they happen, so there is nothing left to flush. `reason` is SessionEnd's
   * Claude Code `reason` (`prompt_input_exit` when the user leaves an interactive session,
   * `clear`, `logout`; default `other`). Last, the session lock goes: another process may resume it.
   */
  close(reason: SessionEndReason): Promise<void> {
    if (!this.closing) this.closeReason = reason;
    this.closing ??= (async () => {
      try {
        this.parts.session.abort("the session ended");
        // Background sub-agents end with the session: each one's transcript and SubagentStop come before SessionEnd.
        await Promise.all([this.parts.session.settled(), this.parts.background?.stopAll()]);
        // Before SessionEnd's hooks: a second signal while they run exits at once (close-on-signals.ts).
        this.parts.recordCost(true);
        // SessionStart follows Setup: it must have fired before the runner closes.
        await this.parts.startup.catch(() => undefined);
        this.parts.fileWatch.close();
        this.parts.settingsWatch.close();
        this.parts.hooks.sessionEnd({ reason });
        this.sessionEndFired = true;
        this.parts.closing?.fire(this.parts.hooks);
        await Promise.all([this.parts.hooks.close(), this.parts.mcp.close()]);
        this.parts.closing?.done();
      } finally {
        // Only now may another process resume it: SessionEnd's hooks have finished with it.
        this.parts.sessionLock.release();
      }
    })();
    return this.closing;
  }
}
