/**
 * An http PreToolUse hook that failed or timed out without refusing the call checked nothing: the
 * call goes ahead unchecked. claude 2.1.328 tells a program reading its stream-json so, once per
 * hook in a session, in an `informational` line tagged `hook_no_verdict` (recorded: an endpoint
 * answering `OK`). A command hook gets that line only for JSON whose decision is not a value there
 * is (recorded: `{"decision": "deny"}`, a `permissionDecision` of `"Deny"`); not for a non-zero
 * exit or stdout that is not JSON. This is what that line needs to know.
 */
import type { HookRun } from "./hook-execution.js";

export interface HookNoVerdict {
  /** The call that went ahead unchecked. */
  toolUseId: string;
  /** The hook ended with no answer (its timeout), rather than a failed or unusable one. */
  timedOut: boolean;
  /** The plugin whose hook it was. */
  plugin?: { name: string; root: string };
}

/** The run's no-verdict report, or undefined when it decided something, refused the call, or is not such a hook. */
export function noVerdictOf(run: HookRun): HookNoVerdict | undefined {
  const { hook, record } = run;
  if (hook.event !== "PreToolUse" || hook.background) return undefined;
  if (hook.spec.type !== "http" && !(hook.spec.type === "command" && run.verdict?.unknownDecision))
    return undefined;
  if (record.toolUseId === undefined || run.blocks) return undefined;
  if (record.outcome !== "failed" && record.outcome !== "timed out") return undefined;
  return {
    toolUseId: record.toolUseId,
    timedOut: record.outcome === "timed out",
    ...(hook.plugin ? { plugin: { name: hook.plugin.name, root: hook.plugin.root } } : {}),
  };
}
