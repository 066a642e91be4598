import type { HookRunner } from "@codebot/hooks";
import type { LastStopAttempt } from "../last-stop-attempt.js";
import type { StopRequest } from "../session.js";
import { StopHooks } from "../stop-hooks.js";
import { StopValidation } from "../stop-validation.js";
import { ValidationMark } from "../validation-mark.js";
import type { SessionFiles } from "./session-files.js";

/** What the main agent's stop goes through: PostStopValidation (it checks the changes), then the Stop hooks. */
export interface StopChecks {
  validation: StopValidation;
  stopHooks: StopHooks;
}

export function stopChecks(
  runner: HookRunner,
  /** PostStopValidation's `maxAttempts`; the Stop hooks' cap (stop-hook-cap.ts). */
  maxAttempts: { validation: number; stopHooks: number },
  files: SessionFiles,
  /** A Stop hook's `continue: false` ends the run (the session exists only once the agent does). */
  stopRun: (stop: StopRequest) => void,
  /** Marks the Stop hooks' last attempt for their trace lines. */
  lastStopAttempt: LastStopAttempt,
): StopChecks {
  const validation = new StopValidation(
    (input) => runner.postStopValidation(input),
    maxAttempts.validation,
    new ValidationMark(files.markPath(files.readId), files.storage),
  );
  const stopHooks = new StopHooks({
    fire: (input, lastAttempt) => lastStopAttempt.during(lastAttempt, () => runner.stop(input)),
    configured: () => runner.hasHooks("Stop"),
    maxAttempts: maxAttempts.stopHooks,
    stopRun,
  });
  return { validation, stopHooks };
}
