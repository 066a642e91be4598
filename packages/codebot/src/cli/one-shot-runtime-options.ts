import type { ToolCall } from "@codebot/agentcore";
import type { HookEvent } from "@codebot/hooks";
import type { PermissionDecision } from "../approval/permission-decision.js";
import type { Runtime } from "../session/runtime.js";
import type { RuntimeOptions } from "../session/runtime-options.js";
import type { SessionEvent } from "../session/session-events.js";
import type { ControlChannel } from "./control/control-channel.js";
import { sdkHookExecutor } from "./control/sdk-hook-executor.js";
import type { SdkStart } from "./control/sdk-initialize.js";
import type * as SdkMcp from "./control/sdk-mcp-transport.js";
import { stdioPermissionPrompt } from "./control/stdio-permission-prompt.js";
import type { HookInventory } from "./hooks/hook-inventory.js";
import type { ClaudeHookLines } from "./output/claude-hook-lines.js";
import type { EventLines } from "./output/event-lines.js";
import type { SessionStateLines } from "./output/session-state-lines.js";
import { terminalSafe } from "./output/terminal-safe.js";
import { STDIO_PROMPT } from "./prompt-tool-flag.js";
import { type OneShotFlags, runtimeOptionsOf } from "./session-flags.js";
import type { SessionToStart } from "./session-to-start.js";

/** What a `-p` run has set up before its runtime is assembled (one-shot.ts). */
export interface OneShotParts {
  start: SessionToStart;
  /** The Agent SDK program's initialize: its hooks, agents, schema and system prompt. */
  fromProgram?: SdkStart;
  /** Stream-json input's control channel (the Agent SDK's). */
  control?: ControlChannel;
  /** The SDK MCP transport's module, loaded only for an Agent SDK program. */
  sdkMcp?: typeof SdkMcp;
  states?: SessionStateLines;
  eventLines: EventLines;
  hookLines: ClaudeHookLines;
  /** The runtime once it is assembled (a prompt tool's question may come before that ends). */
  runtime: () => Runtime | undefined;
  stderr(line: string): void;
  onEvent(event: SessionEvent): void;
}

/** The runtime options of a `-p` run: the flags', the Agent SDK program's, and where its events go. */
export function oneShotRuntimeOptions(
  flags: OneShotFlags,
  inventory: Pick<HookInventory, "cwd" | "project">,
  modelSpec: string,
  parts: OneShotParts,
): RuntimeOptions {
  const { fromProgram, control, sdkMcp, states, eventLines, hookLines, runtime, stderr, onEvent } = parts;
  const streaming = flags.outputFormat === "stream-json";
  return {
    ...runtimeOptionsOf(flags, inventory, modelSpec),
    ...parts.start,
    ...(flags.noSessionPersistence === true ? { persistSession: false } : {}),
    ...(eventLines.streamEvents ? { rawChunks: true } : {}),
    // As claude's -p: background sub-agents, waited for before the run ends.
    backgroundAgents: true,
    entrypoint: "sdk-cli",
    ...(flags.jsonSchema !== undefined ? { jsonSchema: flags.jsonSchema } : {}),
    ...fromProgram,
    ...(fromProgram?.mcpConfigs && flags.mcpConfigs
      ? { mcpConfigs: [...flags.mcpConfigs, ...fromProgram.mcpConfigs] }
      : {}),
    ...(fromProgram?.cliAgents && flags.cliAgents
      ? { cliAgents: [...flags.cliAgents, ...fromProgram.cliAgents] }
      : {}),
    ...(flags.permissionPromptTool !== undefined
      ? {
          permissionPromptTool:
            control && flags.permissionPromptTool === STDIO_PROMPT
              ? stdioPermissionPrompt(
                  control,
                  {
                    mcpServers: () => runtime()?.mcpServers() ?? [],
                    subagentId: (name) => runtime()?.subagentId(name),
                  },
                  states,
                )
              : flags.permissionPromptTool,
        }
      : {}),
    ...(control && sdkMcp
      ? {
          hookCallbacks: sdkHookExecutor(control),
          sdkMcpTransport: (server: string) => new sdkMcp.SdkMcpTransport(control, server),
        }
      : {}),
    ...(streaming
      ? {
          hookProgress: (event: HookEvent) => hookLines.reports(event),
          onPermissionDecision: (call: ToolCall, decision: PermissionDecision) =>
            eventLines.permissionDecisions.set(call.id, decision),
        }
      : {}),
    // Notices quote the repository's files (a skill's name, a path): no escape sequence of theirs reaches the terminal.
    notify: (message) => stderr(terminalSafe(message)),
    onEvent,
  };
}
