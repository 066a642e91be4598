/**
 * A Claude Code hook's `if` decides when the hook runs, read as widely as a deny rule: any part of a
 * compound command (`Bash(echo:*)` runs the hook for `echo hi && curl x | sh`). A guard wants that.
 * An auto-approver does not: its `allow` would let the whole line through on the strength of its
 * first word. So an `allow` from a hook with `if` counts only for a call the rule, read as an
 * allow rule, covers whole (every command of the line); for any other it is not taken, and the
 * call goes through the usual permission flow. `ask` and blocks always count.
 */
import type { CompiledHook } from "./compiled-hook.js";
import type { HookJob } from "./hook-job.js";
import type { HookVerdict } from "./interpret.js";

/** Why the run's `allow` does not count, or undefined when it does (or there is none). */
export function allowBeyondIf(hook: CompiledHook, job: HookJob, verdict: HookVerdict): string | undefined {
  const rule = hook.ifRule;
  if (verdict.permission !== "allow" || rule === undefined || job.call === undefined) return undefined;
  // A hook that answers with new arguments (PreToolUse's rewrite, PermissionRequest's allow with
  // updatedInput) allows the call as it will run.
  const call = verdict.updatedInput ? { tool: job.call.tool, args: verdict.updatedInput } : job.call;
  if (rule.covers(call)) return undefined;
  return `its if (${rule.source}) does not cover the whole call, so its allow is not taken; the call is asked about as usual`;
}
