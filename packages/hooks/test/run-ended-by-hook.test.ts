/** hookKill: what kills a running hook's process when its run is cancelled, or ended by a hook. */
import { describe, expect, it } from "vitest";
import { hookKill, RunEndedByHook } from "../src/run-ended-by-hook.js";

describe("hookKill", () => {
  it("the run cancelled for another reason (Ctrl+C): the hook is killed at once, with that reason", () => {
    const run = new AbortController();
    const kill = hookKill(run.signal);
    run.abort(new Error("interrupted by the user"));
    expect(kill.signal.aborted).toBe(true);
    expect((kill.signal.reason as Error).message).toBe("interrupted by the user");
  });

  it("a hook ended the run: a running hook is left to finish, and finished() waits for it", async () => {
    const run = new AbortController();
    const kill = hookKill(run.signal);
    const stop = new RunEndedByHook("hook stopper ended the run", new AbortController().signal);
    run.abort(stop);
    expect(kill.signal.aborted).toBe(false);
    let finished = false;
    const waiting = stop.finished().then(() => {
      finished = true;
    });
    await Promise.resolve();
    expect(finished).toBe(false);
    kill.release();
    await waiting;
    expect(finished).toBe(true);
  });

  it("the stop cut short (Ctrl+C while it finishes): the hook is killed, with the new reason", () => {
    const run = new AbortController();
    const cutShort = new AbortController();
    const kill = hookKill(run.signal);
    run.abort(new RunEndedByHook("hook stopper ended the run", cutShort.signal));
    cutShort.abort(new Error("interrupted by the user"));
    expect((kill.signal.reason as Error).message).toBe("interrupted by the user");
  });

  it("a hook starting after the stop is killed at once: the run's reason", () => {
    const run = new AbortController();
    run.abort(new RunEndedByHook("hook stopper ended the run", new AbortController().signal));
    const kill = hookKill(run.signal);
    expect(kill.signal.aborted).toBe(true);
    expect((kill.signal.reason as Error).message).toBe("hook stopper ended the run");
  });
});
