/**
 * The requests an Agent SDK program sends, answered as claude 2.1.328 answers them (recorded in
 * docs/claude-code.md "Agent SDK"): `initialize` registers the program's hook callbacks,
 * `interrupt` stops the turn in progress, `set_permission_mode` changes the mode. Any other
 * subtype is refused with `unsupported_request`, as claude refuses one it does not know.
 */
import { compileSdkCallbackHooks, type HookRunner } from "@codebot/hooks";
import {
  claudePermissionMode,
  type PermissionModeName as PermissionMode,
} from "../../settings/permission-modes.js";
import { codebotVersion } from "../version.js";
import { ControlError, type ControlHandler } from "./control-channel.js";

export interface SdkSession {
  readonly hooks: Pick<HookRunner, "addScopedHooks">;
  readonly permissionMode: PermissionMode;
  setPermissionMode(mode: PermissionMode): void;
  interrupt(): void;
}

/** Claude Code's modes as `set_permission_mode` names them, and codebot's for each. */
const SDK_MODES: Readonly<Record<string, PermissionMode>> = {
  default: "ask",
  acceptEdits: "acceptEdits",
  bypassPermissions: "auto",
  dontAsk: "dontAsk",
  plan: "plan",
};

/** What `initialize` may carry besides the hooks that codebot leaves unused (each said once on stderr). */
function unusedInitializeKeys(request: Record<string, unknown>): string[] {
  return Object.keys(request).filter((key) => {
    if (key === "subtype" || key === "hooks") return false;
    // The SDK sends `[""]` when the program gives no system prompt: nothing asked for.
    const value = request[key];
    if (key === "systemPrompt") return !(Array.isArray(value) && value.every((part) => part === ""));
    return value !== undefined && value !== null;
  });
}

export function sdkRequests(
  session: SdkSession,
  queuedUuids: () => string[],
  notify: (message: string) => void,
): ControlHandler {
  let initialized = false;
  return (request) => {
    switch (request.subtype) {
      case "initialize": {
        if (initialized) throw new ControlError("Already initialized", "already_initialized");
        initialized = true;
        const { hooks, problems } = compileSdkCallbackHooks(request.hooks);
        for (const problem of problems) notify(`the Agent SDK's initialize: ${problem}`);
        for (const key of unusedInitializeKeys(request))
          notify(`the Agent SDK's initialize: "${key}" is not supported by codebot; ignored`);
        if (hooks.length > 0) session.hooks.addScopedHooks("agent-sdk", hooks);
        return {
          commands: [],
          agents: [],
          models: [],
          output_style: "default",
          available_output_styles: ["default"],
          pid: process.pid,
          codebot_version: codebotVersion(),
          current_permission_mode: claudePermissionMode(session.permissionMode),
          hooks_applied: true,
          hook_on_failure_supported: true,
        };
      }
      case "interrupt": {
        // What was read and waits for its turn still runs: said, as claude says it.
        const stillQueued = queuedUuids();
        session.interrupt();
        return { still_queued: stillQueued };
      }
      case "set_permission_mode": {
        const mode = typeof request.mode === "string" ? SDK_MODES[request.mode] : undefined;
        if (mode === undefined)
          throw new ControlError(
            `Cannot set permission mode: must be one of ${Object.keys(SDK_MODES).join(", ")}`,
            "invalid_mode",
          );
        try {
          session.setPermissionMode(mode);
        } catch (error) {
          throw new ControlError(`Cannot set permission mode: ${(error as Error).message}`, "invalid_mode");
        }
        return { mode: request.mode };
      }
      default:
        throw new ControlError(
          `Unsupported control request subtype: ${request.subtype}`,
          "unsupported_request",
        );
    }
  };
}
