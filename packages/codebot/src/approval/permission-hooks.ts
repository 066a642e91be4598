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
 * A key pressed meanwhile puts it off: claude looks every 6 s and tells the hooks at the first
 * look with 6 s gone since the last key (recorded: a key at 3 s, told at 12 s; keys at 3, 8 and
 * 13 s, told at 24 s).
 */
export const PERMISSION_PROMPT_MS = 6_000;

export function permissionHooks(
  /** The runner exists only after the approval engine: it is looked up at each moment. */
  runner: () => HookRunner,
  /** A PermissionRequest hook's `interrupt: true` (or `continue: false`) ends the run. */
  stopRun: (stop: { hook: string; reason: string; interrupt?: true }) => void,
  /** How long a question waits before `permission_prompt` fires (default PERMISSION_PROMPT_MS). */
  askingNoticeMs = PERMISSION_PROMPT_MS,
  /** When the user last pressed a key (epoch ms), where a terminal reads keys. */
  lastKeyAt: () => number = () => Number.NEGATIVE_INFINITY,
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
      const opened = Date.now();
      const timer = setInterval(() => {
        // A key pressed since the question opened, less than the wait ago: the next look.
        const key = lastKeyAt();
        if (key > opened && Date.now() - key < askingNoticeMs) return;
        clearInterval(timer);
        notify();
      }, askingNoticeMs);
      // An open question never keeps the process alive on its own.
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}
