/**
 * The payload a hook receives (§5): built here and only here, from camelCase inputs into the
 * snake_case wire JSON. Fields that do not apply are omitted.
 */

import type { ToolData } from "@codebot/agentcore";
import type { ModelMessage } from "ai";
import type { BatchCall, HookTask, ResumedCache } from "./event-inputs.js";
import type { HookEvent } from "./events.js";
import type { PermissionUpdate } from "./permission-updates.js";

/** The session a runner serves; read at every event, so it may be an object with getters. */
export interface HookSession {
  readonly sessionId: string;
  /** The project directory: payload `cwd` and command hooks' working directory. */
  readonly cwd: string;
  readonly transcriptPath: string;
  /** codebot's permission mode (`ask`, `auto`, `plan`); Claude Code payloads carry its equivalent. */
  readonly permissionMode?: string;
  /**
   * The sub-agent run going by this name, if one is running: Claude Code payloads of its tool
   * calls carry its `agent_id` and `agent_type` (looked up when the event fires).
   */
  subagent?(agentName: string): { id: string; type: string } | undefined;
  /**
   * The MCP server offering this tool (`mcp__<server>__<tool>`), as Claude Code names it: payloads
   * of an MCP tool's tool events carry it as `mcp_server` (looked up when the event fires).
   */
  mcpServer?(tool: string): { name: string; source: string } | undefined;
  /** The custom agent the session itself runs as (Claude Code's `--agent`): `agent_type` of its payloads. */
  readonly agentType?: string;
  /** Claude Code's `CLAUDE_ENV_FILE` for this session (claude-env-file.ts). */
  readonly envFile?: string;
  /**
   * The id of the user prompt being answered, or of the last one (SessionEnd); none before the
   * first. Claude Code payloads carry it as `prompt_id`, the same on every event of one prompt.
   */
  readonly promptId?: string;
  /**
   * The effort the main model's requests carry (`low` … `max`), if any: Claude Code payloads of
   * tool events and Stop carry it as `effort: {level}`.
   */
  readonly effort?: string;
  /**
   * The sub-agents running in the background now: Claude Code payloads of Stop and SubagentStop
   * list them as `background_tasks` (claude 2.1.328, recorded).
   */
  backgroundTasks?(): readonly BackgroundTask[];
}

/** A background sub-agent or shell still running, as a payload's `background_tasks` names it. */
export interface BackgroundTask {
  /** Its run's `agent_id`, or the shell's task id. */
  id: string;
  description: string;
  /** Its `subagent_type` (`bash` for a shell). */
  agentType: string;
  /** A background shell's command (bash's `run_in_background`); a sub-agent has none. */
  command?: string;
}

/** Every field any event may carry, plus the per-event constants of the event table. */
export interface PayloadFields {
  tool?: string;
  toolUseId?: string;
  args?: Record<string, unknown>;
  agentName?: string;
  output?: string;
  /** PostToolUse: the tool's result as structured data, when it gives one (Claude Code payloads only). */
  resultData?: ToolData;
  /** PostToolUse: an MCP tool's result as its content blocks (or a structured one's JSON text), claude's `tool_response` for one (Claude Code payloads only). */
  resultBlocks?: readonly Readonly<Record<string, unknown>>[] | string;
  isError?: boolean;
  /** PostToolUse, PostToolUseFailure: how long the tool ran, in milliseconds (Claude Code payloads only). */
  durationMs?: number;
  /** PostToolUseFailure: the call failed because the run was interrupted (Claude Code payloads only). */
  isInterrupt?: boolean;
  prompt?: string;
  /** UserPromptSubmit: the session's title, if it has one (Claude Code payloads only). */
  sessionTitle?: string;
  message?: string;
  task?: HookTask;
  previousTask?: HookTask;
  statusFrom?: string;
  statusTo?: string;
  agent?: string;
  /** A sub-agent run's id: of the run itself, or of the run making a tool call (Claude Code payloads only: `agent_id`). */
  agentId?: string;
  /** The MCP server offering the called tool (Claude Code payloads only: `mcp_server`). */
  mcpServer?: { name: string; source: string };
  /** The type of the sub-agent run making a tool call (Claude Code payloads only: `agent_type`). */
  agentType?: string;
  stopHookActive?: boolean;
  lastAssistantMessage?: string;
  /**
   * SubagentStop: the run was stopped (Ctrl+C, `/tasks stop`, the session's end, a signal) before
   * it ended by itself. In no payload: it only keeps Claude Code hooks out (compiled-hook.ts).
   */
  runStopped?: boolean;
  /**
   * Stop, SubagentStop: the stopping agent's conversation. In no payload: a Claude Code prompt hook
   * sends it to its model (prompt-executor.ts), as claude does.
   */
  conversation?: readonly ModelMessage[];
  notificationType?: string;
  source?: string;
  /** SessionStart after a compaction: the session's model id (Claude Code payloads only: `model`). */
  model?: string;
  /** SessionStart on a resume: the conversation's prompt cache (Claude Code payloads only). */
  resumedCache?: ResumedCache;
  reason?: string;
  trigger?: string;
  customInstructions?: string;
  compactSummary?: string;
  commandName?: string;
  commandArgs?: string;
  commandSource?: string;
  expansionType?: string;
  shellCommand?: string;
  filePath?: string;
  memoryType?: string;
  loadReason?: string;
  globs?: string[];
  triggerFilePath?: string;
  parentFilePath?: string;
  toolCalls?: BatchCall[];
  error?: string;
  errorDetails?: string;
  /** StopFailure's `error_details` in Claude Code payloads (only some failures have one). */
  rawError?: string;
  fromModel?: string;
  toModel?: string;
  requestedModel?: string | null;
  fileEvent?: string;
  oldCwd?: string;
  newCwd?: string;
  server?: string;
  mode?: string;
  url?: string;
  elicitationId?: string;
  requestedSchema?: Record<string, unknown>;
  action?: string;
  content?: Record<string, unknown>;
  /** WorktreeCreate: the worktree's name. */
  name?: string;
  /** WorktreeRemove: the worktree's directory. */
  worktreePath?: string;
  /** DirectoryAdded: the folder added. */
  directory?: string;
  /** MessageDisplay: the prompt's turn, the message, which part of it this is, whether the last, and its text. */
  turnId?: string;
  messageId?: string;
  index?: number;
  final?: boolean;
  delta?: string;
  /** PermissionRequest: what an "always" answer would change (Claude Code payloads only: `permission_suggestions`). */
  permissionSuggestions?: PermissionUpdate[];
}

/** Compact JSON payload of a native entry (§5). `agent` is the sub-agent's name (SubagentStop) or the calling agent (tool events). */
export function buildPayload(event: HookEvent, session: HookSession, f: PayloadFields): string {
  return JSON.stringify({
    event,
    session_id: session.sessionId,
    cwd: session.cwd,
    transcript_path: session.transcriptPath,
    tool: f.tool,
    tool_use_id: f.toolUseId,
    agent: f.agent ?? f.agentName,
    args: f.args,
    output: f.output,
    is_error: f.isError,
    prompt: f.prompt,
    message: f.message,
    task: f.task,
    previous_task: f.previousTask,
    status_from: f.statusFrom,
    status_to: f.statusTo,
    stop_hook_active: f.stopHookActive,
    trigger: f.trigger,
    custom_instructions: f.customInstructions,
    compact_summary: f.compactSummary,
    command_name: f.commandName,
    command_args: f.commandArgs,
    command_source: f.commandSource,
    expansion_type: f.expansionType,
    command: f.shellCommand,
    reason: f.reason,
    file_path: f.filePath,
    memory_type: f.memoryType,
    load_reason: f.loadReason,
    globs: f.globs,
    trigger_file_path: f.triggerFilePath,
    parent_file_path: f.parentFilePath,
    tool_calls: f.toolCalls?.map((call) => ({
      tool: call.tool,
      tool_use_id: call.toolUseId,
      args: call.args,
      output: call.output,
      is_error: call.isError,
    })),
    error: f.error,
    error_details: f.errorDetails,
    // SessionStart's too (beyond §5's table): a native hook can tell a start from a resume or a compaction.
    source: f.source,
    ...laterEventFields(f, "file_event"),
  });
}

/**
 * The fields of the events that came after the seed's ten, named alike in both payloads but for
 * FileChanged's event: `event` in Claude Code's payload, `file_event` in a native one (whose `event`
 * is the hook event's name). Spread where they stand, so both payloads keep their key order.
 */
export function laterEventFields(
  f: PayloadFields,
  fileEventKey: "event" | "file_event",
): Record<string, unknown> {
  return {
    from_model: f.fromModel,
    to_model: f.toModel,
    requested_model: f.requestedModel,
    [fileEventKey]: f.fileEvent,
    old_cwd: f.oldCwd,
    new_cwd: f.newCwd,
    mcp_server_name: f.server,
    mode: f.mode,
    url: f.url,
    elicitation_id: f.elicitationId,
    requested_schema: f.requestedSchema,
    action: f.action,
    content: f.content,
    name: f.name,
    worktree_path: f.worktreePath,
    directory: f.directory,
    turn_id: f.turnId,
    message_id: f.messageId,
    index: f.index,
    final: f.final,
    delta: f.delta,
  };
}
