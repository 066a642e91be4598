/** The longest delay a Node timer takes (2^31 - 1 ms, about 24.8 days); a longer one fires after 1 ms. */
export const MAX_TIMER_MS = 2_147_483_647;

/**
 * A delay someone else chose (an environment variable, a setting, a hook's reply) as a timer can
 * keep it: a longer one, often set to mean "no limit", waits the longest a timer can rather than
 * firing at once.
 */
export function timerDelayMs(ms: number): number {
  return Math.min(ms, MAX_TIMER_MS);
}
