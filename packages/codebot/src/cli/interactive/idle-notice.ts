import { millisecondsVariable } from "../../settings/milliseconds-variable.js";

/**
 * Claude Code's `idle_prompt` Notification: when the prompt has waited for the user this long
 * after a turn ended, the hooks are told once (until the user answers and a turn ends again); a
 * key pressed meanwhile ends the wait without a notice, as in claude 2.1.328.
 */

/** Claude Code's 60 seconds; `CODEBOT_IDLE_PROMPT_MS` changes it (tests, or a user who wants it sooner). */
export const IDLE_PROMPT_MS = 60_000;

export function idlePromptDelay(env: NodeJS.ProcessEnv, notify: (message: string) => void): number {
  return (
    millisecondsVariable("CODEBOT_IDLE_PROMPT_MS", env.CODEBOT_IDLE_PROMPT_MS, 0, notify) ?? IDLE_PROMPT_MS
  );
}

export class IdleNotice {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly delayMs: number,
    private readonly notify: () => void,
  ) {}

  /** The prompt waits for the user from now on. */
  waiting(): void {
    this.stop();
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.notify();
    }, this.delayMs);
    // Waiting for the user never keeps the process alive on its own.
    this.timer.unref();
  }

  /** The user answered or pressed a key (or the session ends): no notice for this wait. */
  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
