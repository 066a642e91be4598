/**
 * Tool approval's hook moments, on the session's runner: PermissionRequest before codebot asks or
 * refuses for lack of a rule, PermissionDenied after a refusal, and Notification
 * (`permission_prompt`) as a question is put to the user — where Claude Code fires them.
 */
import type { HookRunner } from "@codebot/hooks";
import type { PermissionHooks } from "./approval-types.js";

export function permissionHooks(
  /** The runner exists only after the approval engine: it is looked up at each moment. */
  runner: () => HookRunner,
  /** A PermissionRequest hook's `interrupt: true` (or `continue: false`) ends the run. */
  stopRun: (stop: { hook: string; reason: string; interrupt?: true }) => void,
): PermissionHooks {
  return {
    async request(call, ctx, suggestions) {
      const hooks = runner();
      if (!hooks.hasHooks("PermissionRequest")) return undefined;
      const decision = await hooks.fire("PermissionRequest", {
        tool: call.name,
        toolUseId: call.id,
        args: call.args,
        permissionSuggestions: suggestions,
        agentName: ctx.agentName,
        signal: ctx.signal,
      });
      switch (decision.kind) {
        case "stop":
          stopRun({
            hook: decision.by,
            reason: decision.reason,
            ...(decision.interrupt ? { interrupt: true } : {}),
          });
          return { behavior: "deny", message: decision.reason, by: decision.by };
        case "block":
          return { behavior: "deny", message: decision.reason, by: decision.by };
      }
      const allow = decision.permission?.answer === "allow" ? decision.permission : undefined;
      if (allow === undefined) return undefined;
      return {
        behavior: "allow",
        by: allow.by,
        ...(decision.updatedInput ? { updatedInput: decision.updatedInput } : {}),
        ...(allow.updatedPermissions ? { updatedPermissions: allow.updatedPermissions } : {}),
      };
    },
    denied(call, ctx, reason) {
      runner().fire("PermissionDenied", {
        tool: call.name,
        toolUseId: call.id,
        args: call.args,
        reason,
        agentName: ctx.agentName,
      });
    },
    asking(call) {
      runner().fire("Notification", {
        message: `codebot needs your permission to use ${call.name}`,
        notificationType: "permission_prompt",
      });
    },
  };
}
