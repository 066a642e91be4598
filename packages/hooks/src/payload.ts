/**
 * The payload a hook receives (§5): built here and only here, from camelCase inputs into the
 * snake_case wire JSON. Fields that do not apply are omitted.
 */
import type { HookEvent } from "./events.js";

/** The session a runner serves; read at every event, so it may be an object with getters. */
export interface HookSession {
  readonly sessionId: string;
  /** The project directory: payload `cwd` and command hooks' working directory. */
  readonly cwd: string;
  readonly transcriptPath: string;
  /** codebot's permission mode (`ask`, `auto`, `plan`); Claude Code payloads carry its equivalent. */
  readonly permissionMode?: string;
}

/** A task as the task tools store it; extra fields are passed through to the payload as they are. */
export interface HookTask {
  id: string;
  subject: string;
  status: string;
  description?: string;
  owner?: string;
}

/**
 * Why a session ended, in Claude Code's words: `/exit` or Ctrl+D at the prompt
 * (`prompt_input_exit`), `/clear`, `/resume` switching to another session, `logout`, anything
 * else (`other`: the end of `-p`, a signal, a closed terminal).
 */
export const SESSION_END_REASONS = ["clear", "resume", "logout", "prompt_input_exit", "other"] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

/** What the caller passes for each event (camelCase). */
export interface EventInputs {
  PreToolUse: { tool: string; toolUseId: string; args: Record<string, unknown>; agentName?: string };
  PostToolUse: {
    tool: string;
    toolUseId: string;
    /** The arguments actually run (after any rewrite). */
    args: Record<string, unknown>;
    /** The tool result as the model sees it. */
    output: string;
    isError: boolean;
    agentName?: string;
  };
  /** A call that ran and failed: `output` is the error result the model sees. */
  PostToolUseFailure: EventInputs["PostToolUse"];
  UserPromptSubmit: { prompt: string };
  /** `stopHookActive`: this stop follows a continuation a Stop hook asked for. */
  Stop: { stopHookActive: boolean; lastAssistantMessage?: string };
  PostStopValidation: { stopHookActive: boolean };
  /** `notificationType`: Claude Code's `notification_type` (`idle_prompt`, `permission_prompt`). */
  Notification: { message: string; notificationType?: string };
  TaskCreated: { task: HookTask };
  TaskCompleted: { task: HookTask; previousTask: HookTask; statusFrom: string; statusTo: string };
  /** `source`: `startup`, `resume`, `clear` or `compact` (Claude Code's SessionStart matcher field). */
  SessionStart: { source?: string };
  /** `reason`: Claude Code's SessionEnd matcher field. */
  SessionEnd: { reason?: SessionEndReason };
  /** `agent`: the sub-agent's name (Claude Code's `agent_type`), before its loop starts. */
  /** `agentName`: this run's name, when it differs from its type (a scope's `when` tells runs apart by it). */
  SubagentStart: { agent: string; agentName?: string };
  SubagentStop: { agent: string; agentName?: string; lastAssistantMessage?: string };
  /** `trigger`: `manual` (`/compact`) or `auto`; `customInstructions`: the user's `/compact` focus. */
  PreCompact: { trigger: string; customInstructions?: string };
  PostCompact: { trigger: string; compactSummary: string };
  /**
   * `commandName`: the skill or command (`review`, `plugin:review`); `commandArgs`: what followed it;
   * `prompt`: the line as typed (`/review 12`); `commandSource`: where it was defined (`project`,
   * `user`, `plugin`); `expansionType`: Claude Code's `slash_command`.
   */
  UserPromptExpansion: {
    commandName: string;
    commandArgs: string;
    commandSource: string;
    expansionType: string;
    prompt: string;
  };
  /** `shellCommand`: one `` !`cmd` `` of the skill or command `commandName`, about to run. */
  PreSkillShellCommand: {
    commandName: string;
    commandArgs: string;
    commandSource: string;
    shellCommand: string;
  };
  /**
   * An instruction file given to the model. `loadReason`: `session_start`, `nested_traversal`,
   * `path_glob_match`, `include` or `compact`; `memoryType`: `User`, `Project`, `Local` or `Managed`.
   */
  InstructionsLoaded: {
    filePath: string;
    memoryType: string;
    loadReason: string;
    globs?: string[];
    /** The file whose read loaded it (nested_traversal, path_glob_match). */
    triggerFilePath?: string;
    /** The file that imported it (include). */
    parentFilePath?: string;
  };
  PermissionRequest: { tool: string; toolUseId: string; args: Record<string, unknown>; agentName?: string };
  /** `reason`: why the call was refused, as the model is told. */
  PermissionDenied: {
    tool: string;
    toolUseId: string;
    args: Record<string, unknown>;
    reason: string;
    agentName?: string;
  };
  PostToolBatch: { toolCalls: BatchCall[]; agentName?: string };
  /** `error`: the failure's type (Claude Code's StopFailure matcher); `errorDetails`: its message. */
  StopFailure: { error: string; errorDetails?: string; lastAssistantMessage?: string };
  /** `trigger`: `init` (`codebot --init`, `--init-only`) or `maintenance` (`--maintenance`). */
  Setup: { trigger: "init" | "maintenance" };
  /** `source`: `command` (`/model`); models are `provider/id` specs; `requestedModel` as the user typed it. */
  PreModelSwitch: ModelSwitch;
  PostModelSwitch: ModelSwitch;
  /** `source`: `user_settings`, `project_settings`, `local_settings`, `policy_settings` or `skills`. */
  ConfigChange: { source: string; filePath: string };
  CwdChanged: { oldCwd: string; newCwd: string };
  /** `fileEvent`: `add`, `change` or `unlink` (Claude Code's `event`). */
  FileChanged: { filePath: string; fileEvent: "add" | "change" | "unlink" };
  Elicitation: {
    server: string;
    message: string;
    mode?: "form" | "url";
    url?: string;
    elicitationId?: string;
    requestedSchema?: Record<string, unknown>;
  };
  ElicitationResult: {
    server: string;
    mode?: "form" | "url";
    elicitationId?: string;
    action: "accept" | "decline" | "cancel";
    content?: Record<string, unknown>;
  };
}

/** One finished call of a tool batch (PostToolBatch). */
export interface BatchCall {
  tool: string;
  toolUseId: string;
  args: Record<string, unknown>;
  /** The result as the model sees it. */
  output: string;
  isError: boolean;
}

export interface ModelSwitch {
  fromModel: string;
  toModel: string;
  requestedModel: string | null;
  source: string;
}

/** Every field any event may carry, plus the per-event constants of the event table. */
export interface PayloadFields {
  tool?: string;
  toolUseId?: string;
  args?: Record<string, unknown>;
  agentName?: string;
  output?: string;
  isError?: boolean;
  prompt?: string;
  message?: string;
  task?: HookTask;
  previousTask?: HookTask;
  statusFrom?: string;
  statusTo?: string;
  agent?: string;
  stopHookActive?: boolean;
  lastAssistantMessage?: string;
  notificationType?: string;
  source?: string;
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
    // SessionStart's source stays out of the native payload (§5), as it always was.
    source: event === "SessionStart" ? undefined : f.source,
    from_model: f.fromModel,
    to_model: f.toModel,
    requested_model: f.requestedModel,
    file_event: f.fileEvent,
    old_cwd: f.oldCwd,
    new_cwd: f.newCwd,
    mcp_server_name: f.server,
    mode: f.mode,
    url: f.url,
    elicitation_id: f.elicitationId,
    requested_schema: f.requestedSchema,
    action: f.action,
    content: f.content,
  });
}
