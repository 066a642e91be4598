/**
 * The executor of the Agent SDK's hooks (`callback` specs): a `hook_callback` control request with
 * the hook's input, answered by the program's function. Its answer is read as a command hook's
 * JSON stdout (the same interpretation); an error answer fails the run as a non-zero exit does.
 * The hook's timeout bounds the wait: a program that never answers fails the run, and the request
 * is withdrawn.
 */
import { type CallbackSpec, type HookExecutor, type RunOutcome, startDeadline } from "@codebot/hooks";
import type { ControlChannel } from "./control-channel.js";

export function sdkHookExecutor(channel: Pick<ControlChannel, "request">): HookExecutor<CallbackSpec> {
  return {
    async run(spec, ctx): Promise<RunOutcome> {
      const label = `callback hook ${spec.callbackId}`;
      const input = JSON.parse(ctx.payload) as Record<string, unknown>;
      const deadline = startDeadline(ctx);
      try {
        const response = await channel.request(
          {
            subtype: "hook_callback",
            callback_id: spec.callbackId,
            input,
            ...(typeof input.tool_use_id === "string" ? { tool_use_id: input.tool_use_id } : {}),
          },
          deadline.signal,
        );
        return { stdout: JSON.stringify(response), stderr: "", exitCode: 0 };
      } catch (error) {
        if (deadline.signal.aborted) return deadline.failed(label, error);
        // The reason is its stderr, which the report adds after the error: said once.
        return { stdout: "", stderr: (error as Error).message, exitCode: 1, error: label };
      } finally {
        deadline.dispose();
      }
    },
  };
}
