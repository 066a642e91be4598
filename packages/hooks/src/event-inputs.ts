/**
 * What the caller passes when it fires each event (camelCase): one entry per row of the event
 * table (events.ts). payload.ts turns these into the wire JSON a hook receives.
 */

import type { ToolData } from "@codebot/agentcore";
import type { ModelMessage } from "ai";
import type { PermissionUpdate } from "./permission-updates.js";

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

/**
 * Why a session starts, Claude Code's SessionStart matcher field: a new session, `--resume` or
 * `/resume`, `/clear`, or the history just replaced by its summary.
 */
export const SESSION_START_SOURCES = ["startup", "resume", "clear", "compact"] as const;
export type SessionStartSource = (typeof SESSION_START_SOURCES)[number];

/** What started a compaction: `/compact` (`manual`) or a full context window (`auto`). */
export const COMPACT_TRIGGERS = ["manual", "auto"] as const;
export type CompactTrigger = (typeof COMPACT_TRIGGERS)[number];

/**
 * A resumed conversation's prompt cache, as claude 2.1.328's SessionStart `resume` payload tells
 * it (Claude Code payloads only: `seconds_since_last_response`, `context_tokens`,
 * `prompt_cache_likely_expired`, `estimated_cache_write_usd`).
 */
export interface ResumedCache {
  /** Seconds since the conversation's last model response. */
  secondsSinceLastResponse: number;
  /** The tokens the next request sends again: the last response's prompt and output. */
  contextTokens: number;
  /** The cache has outlived its lifetime (or a compaction since left nothing cached). */
  promptCacheLikelyExpired: boolean;
  /** What writing `contextTokens` to the cache costs on the model; none for a model without a price. */
  estimatedCacheWriteUsd?: number;
}

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
    /** The tool's result as structured data, when it gives one (Claude Code payloads' `tool_response`). */
    resultData?: ToolData;
    /** The tool's result as content blocks (or a structured one's JSON text), when it gives them (an MCP tool's: Claude Code payloads' `tool_response`). */
    resultBlocks?: readonly Readonly<Record<string, unknown>>[] | string;
    isError: boolean;
    agentName?: string;
    /** How long the tool ran, in milliseconds. */
    durationMs?: number;
    /** The run was interrupted while the tool ran. */
    isInterrupt?: boolean;
  };
  /** A call that ran and failed: `output` is the error result the model sees. */
  PostToolUseFailure: EventInputs["PostToolUse"];
  /** `sessionTitle`: the session's title so far, if it has one (Claude Code payloads only: `session_title`). */
  UserPromptSubmit: { prompt: string; sessionTitle?: string };
  /** `stopHookActive`: this stop follows a continuation a Stop hook asked for. */
  /** `conversation`: the main agent's, for a Claude Code prompt hook's model (in no payload). */
  Stop: { stopHookActive: boolean; lastAssistantMessage?: string; conversation?: readonly ModelMessage[] };
  PostStopValidation: { stopHookActive: boolean };
  /** `notificationType`: Claude Code's `notification_type` (`idle_prompt`, `permission_prompt`). */
  Notification: { message: string; notificationType?: string };
  TaskCreated: { task: HookTask };
  TaskCompleted: { task: HookTask; previousTask: HookTask; statusFrom: string; statusTo: string };
  /**
   * `source`: Claude Code's SessionStart matcher field. `model`: after a compaction, the model's id
   * (Claude Code's `model`). `resumedCache`: on a resume, what going on will cost in prompt cache.
   */
  SessionStart: { source?: SessionStartSource; model?: string; resumedCache?: ResumedCache };
  /** `reason`: Claude Code's SessionEnd matcher field. */
  SessionEnd: { reason?: SessionEndReason };
  /** `agent`: the sub-agent's type, its custom agent's name else general-purpose (Claude Code's `agent_type`), before its loop starts. */
  /** `agentName`: this run's name, when it differs from its type (a scope's `when` tells runs apart by it). */
  /** `agentId`: the run's own id (Claude Code's `agent_id`). */
  SubagentStart: { agent: string; agentName?: string; agentId?: string };
  /**
   * `stopHookActive`: this stop follows a continuation a SubagentStop hook asked for. `runStopped`:
   * the run was stopped before it ended by itself; only native entries fire then.
   */
  SubagentStop: {
    agent: string;
    agentName?: string;
    agentId?: string;
    lastAssistantMessage?: string;
    stopHookActive?: boolean;
    runStopped?: boolean;
    /** The sub-agent's own conversation, for a Claude Code prompt hook's model (in no payload). */
    conversation?: readonly ModelMessage[];
  };
  /** `customInstructions`: the user's `/compact` focus. */
  PreCompact: { trigger: CompactTrigger; customInstructions?: string };
  PostCompact: { trigger: CompactTrigger; compactSummary: string };
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
  PermissionRequest: {
    tool: string;
    toolUseId: string;
    args: Record<string, unknown>;
    /** What the host's "always" answer would change (Claude Code's `permission_suggestions`). */
    permissionSuggestions?: PermissionUpdate[];
    agentName?: string;
  };
  /** `reason`: why the call was refused, as the model is told. */
  PermissionDenied: {
    tool: string;
    toolUseId: string;
    args: Record<string, unknown>;
    reason: string;
    agentName?: string;
  };
  PostToolBatch: { toolCalls: BatchCall[]; agentName?: string };
  /**
   * `error`: the failure's type (Claude Code's StopFailure matcher); `errorDetails`: its message;
   * `rawError`: Claude Code's `error_details`, the provider's raw error where claude gives one.
   */
  StopFailure: { error: string; errorDetails?: string; rawError?: string; lastAssistantMessage?: string };
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
  /** `name`: the worktree's name (`--worktree <name>`, or a generated one). */
  WorktreeCreate: { name: string };
  /** `worktreePath`: the worktree's directory (Claude Code's `worktree_path`). */
  WorktreeRemove: { worktreePath: string };
  /** `directory`: the folder added (absolute); `source`: how (`slash_command`, the terminal's `/add-dir`). */
  DirectoryAdded: { directory: string; source: string };
  /**
   * `delta`: the text to show (claude 2.1.328 gives a completed message whole, `index` 0 and
   * `final` true, in `-p`); `turnId` is the prompt's, `messageId` new for each message.
   */
  MessageDisplay: { turnId: string; messageId: string; index: number; final: boolean; delta: string };
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
