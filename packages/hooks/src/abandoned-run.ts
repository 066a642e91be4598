import type { CompiledHook } from "./compiled-hook.js";
import type { HookJob } from "./hook-job.js";
import type { AbandonedRun } from "./runner-api.js";

/** A hook run as it is kept when it cannot be delivered now: what it is, and the payload it was to get. */
export function abandonedRun(hook: CompiledHook, job: HookJob): Omit<AbandonedRun, "state"> {
  return {
    event: hook.event,
    hook: hook.name,
    source: hook.source,
    file: hook.path,
    spec: hook.spec,
    payload: job.payload(hook),
  };
}
