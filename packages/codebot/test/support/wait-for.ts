/** Polls `check` until it returns a truthy value, or fails after `timeoutMs` (generous: CI is slow). */
export async function waitFor<T>(
  check: () => T | Promise<T>,
  timeoutMs = 15_000,
  what = "condition",
): Promise<Truthy<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as Truthy<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** What a truthy check result can be. */
export type Truthy<T> = Exclude<T, undefined | null | false | 0 | "">;
