/**
 * claude 2.1.328's stream-json line for a PreToolUse hook that gave no verdict and let its call
 * go ahead (recorded: an http hook answering `OK`; the wording of the other cases from its
 * binary): an `informational` warning tagged `hook_no_verdict`, before the call's result.
 * Its `plugin_id` (`name@marketplace`) is left out: codebot knows a plugin by its name.
 */
import type { HookNoVerdict } from "@codebot/hooks";
import type { WireObject } from "./wire.js";

export function noVerdictLine(noVerdict: HookNoVerdict): WireObject {
  const of = noVerdict.plugin ? ` of the "${noVerdict.plugin.name}" plugin` : "";
  const why = noVerdict.timedOut ? "didn't answer in time" : "gave no usable answer";
  return {
    type: "system",
    subtype: "informational",
    content: `A hook${of} ${why}, so it didn't check this action.`,
    level: "warning",
    tag: "hook_no_verdict",
    hook_no_verdict: {
      hook_event: "PreToolUse",
      tool_use_id: noVerdict.toolUseId,
      timed_out: noVerdict.timedOut,
      ...(noVerdict.plugin ? { plugin_root: noVerdict.plugin.root } : {}),
    },
  };
}
