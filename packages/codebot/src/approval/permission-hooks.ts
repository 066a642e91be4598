/**
 * Tool approval's hook moments, on the session's runner: PermissionRequest before codebot asks or
 * refuses for lack of a rule, PermissionDenied after a refusal, and Notification
 * (`permission_prompt`) as a question is put to the user — where Claude Code fires them.
 */
import type { HookRunner } from "@codebot/hooks";
import type { PermissionHooks } from "./approval-types.js";

/**
 * How long a question waits unanswered before the Notification hooks are told: claude 2.1.328's
 * 6 seconds (its binary's permission-prompt notice delay; recorded: a question answered at once
 * fired none). `CODEBOT_PERMISSION_PROMPT_MS` changes it (tests, or a user who wants it sooner).
 */
export const PERMISSION_PROMPT_MS = 6_000;

export function permissionHooks(
  /** The runner exists only after the approval engine: it is looked up at each moment. */
  runner: () => HookRunner,
  /** A PermissionRequest hook's `interrupt: true` (or `continue: false`) ends the run. */
  stopRun: (stop: { hook: string; reason: string; interrupt?: true }) => void,
  /** How long a question waits before `permission_prompt` fires (default PERMISSION_PROMPT_MS). */
  askingNoticeMs = PERMISSION_PROMPT_MS,
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
      const notify = () =>
        runner().fire("Notification", {
          message: `codebot needs your permission to use ${call.name}`,
          notificationType: "permission_prompt",
        });
      // 0: as the question is put, whatever answers it at once.
      if (askingNoticeMs === 0) {
        notify();
        return () => {};
      }
      const timer = setTimeout(notify, askingNoticeMs);
      // An open question never keeps the process alive on its own.
      timer.unref();
      return () => clearTimeout(timer);
    },
  };
}
