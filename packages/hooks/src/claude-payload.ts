/**
 * The payload a Claude Code–style (grouped) hook receives (§11): Claude Code's field names, its
 * tool names and absolute file paths, so scripts written for Claude Code read it unchanged.
 * Native entries keep the codebot payload of `payload.ts`.
 */
import path from "node:path";
import type { ToolData } from "@codebot/agentcore";
import { claudeEffort } from "./claude-effort.js";
import { EVENT_SPECS, type HookEvent } from "./events.js";
import { type HookSession, laterEventFields, type PayloadFields } from "./payload.js";
import { subagentTranscriptPath } from "./subagent-transcript.js";
import { claudeToolName } from "./tool-aliases.js";

/** codebot's permission modes as Claude Code names them (the others have the same name in both). */
const CLAUDE_PERMISSION_MODE: Readonly<Record<string, string>> = {
  ask: "default",
  plan: "plan",
};

/**
 * Events whose payload claude 2.1.328 sends without `permission_mode` (recorded: SessionStart of
 * every source, SessionEnd, SubagentStart, PreCompact, PostCompact, Notification, ConfigChange,
 * InstructionsLoaded — `session_start` and `nested_traversal`, in the default and bypass modes — and
 * MessageDisplay);
 * its prompt, tool, permission and stop events carry it.
 */
const WITHOUT_PERMISSION_MODE: ReadonlySet<HookEvent> = new Set([
  "SessionStart",
  "SessionEnd",
  "SubagentStart",
  "PreCompact",
  "PostCompact",
  "Notification",
  "ConfigChange",
  "InstructionsLoaded",
  "MessageDisplay",
]);

/** Tool arguments that hold a path; Claude Code always hands hooks absolute ones. */
const PATH_ARGS = ["file_path", "path", "notebook_path"];

/** Claude Code's `background_tasks` entries (a shell's as claude 2.1.328's, recorded). */
function backgroundTasks(session: HookSession): Record<string, string>[] {
  return (session.backgroundTasks?.() ?? []).map(
    (task): Record<string, string> =>
      task.command !== undefined
        ? {
            id: task.id,
            type: "shell",
            status: "running",
            description: task.description,
            command: task.command,
          }
        : {
            id: task.id,
            type: "subagent",
            status: "running",
            description: task.description,
            agent_type: task.agentType,
          },
  );
}

export function buildClaudePayload(event: HookEvent, session: HookSession, f: PayloadFields): string {
  const toolEvent = EVENT_SPECS[event].claude.matchOn === "tool";
  const taskEvent = event === "TaskCreated" || event === "TaskCompleted";
  const mode = session.permissionMode;
  const effort = claudeEffort(event, session, f.loadReason);
  const args = f.args === undefined ? undefined : claudeInput(f.tool, f.args, session.cwd);
  // SubagentStart/Stop name their run; a sub-agent's tool call and PostToolBatch name the run they come from.
  const agentEvent = EVENT_SPECS[event].claude.matchOn === "agent";
  const stopEvent = event === "Stop" || event === "SubagentStop";
  return JSON.stringify({
    session_id: session.sessionId,
    transcript_path: session.transcriptPath,
    cwd: session.cwd,
    prompt_id: session.promptId,
    permission_mode:
      mode === undefined || WITHOUT_PERMISSION_MODE.has(event)
        ? undefined
        : (CLAUDE_PERMISSION_MODE[mode] ?? mode),
    // Where claude 2.1.328 puts them, among the fields every event has (recorded: SubagentStart, SubagentStop).
    agent_id: agentEvent || toolEvent || event === "PostToolBatch" ? f.agentId : undefined,
    agent_type: agentEvent ? f.agent : (f.agentType ?? session.agentType),
    effort: effort === undefined ? undefined : { level: effort },
    hook_event_name: event,
    tool_name: toolEvent && f.tool !== undefined ? claudeToolName(f.tool) : undefined,
    tool_input: toolEvent ? args : undefined,
    // claude 2.1.328 sends it on every PermissionRequest, `[]` when it offers nothing.
    permission_suggestions: event === "PermissionRequest" ? (f.permissionSuggestions ?? []) : undefined,
    // An MCP tool's is its content blocks, as claude 2.1.328 sends it (recorded).
    tool_response:
      event === "PostToolUse" && args !== undefined
        ? (f.resultBlocks ?? toolResponse(args, f.output ?? "", f.resultData))
        : undefined,
    // After tool_response, as claude 2.1.328 sends PostToolUse. Claude Code's PermissionRequest has no id: it is asked before the call is one.
    tool_use_id: toolEvent && event !== "PermissionRequest" ? f.toolUseId : undefined,
    error: event === "PostToolUseFailure" ? failureText(f) : f.error,
    is_interrupt: event === "PostToolUseFailure" ? (f.isInterrupt ?? false) : undefined,
    duration_ms: event === "PostToolUse" || event === "PostToolUseFailure" ? f.durationMs : undefined,
    // An MCP tool's server, on every tool event, as claude 2.1.328 sends it (recorded).
    mcp_server: toolEvent ? f.mcpServer : undefined,
    // claude 2.1.328 sends it for a request too long only, not for a 429, 5xx or plain 400 (recorded).
    error_details: f.rawError,
    prompt: f.prompt,
    session_title: f.sessionTitle,
    stop_hook_active: event === "SubagentStop" ? (f.stopHookActive ?? false) : f.stopHookActive,
    agent_transcript_path:
      event === "SubagentStop" && f.agentId !== undefined && session.transcriptPath !== ""
        ? subagentTranscriptPath(session.transcriptPath, session.sessionId, f.agentId)
        : undefined,
    last_assistant_message: f.lastAssistantMessage,
    // At a stop (a sub-agent's too, as claude 2.1.328 sends them): the background sub-agents still
    // running (a stopping one lists itself), and no scheduled prompts (codebot has none).
    background_tasks: stopEvent ? backgroundTasks(session) : undefined,
    session_crons: stopEvent ? [] : undefined,
    message: f.message,
    notification_type: f.notificationType,
    task_id: taskEvent ? f.task?.id : undefined,
    task_subject: taskEvent ? f.task?.subject : undefined,
    task_description: taskEvent ? f.task?.description : undefined,
    source: f.source,
    // On a resume, as claude 2.1.328 sends them (recorded), right after `source`.
    seconds_since_last_response: f.resumedCache?.secondsSinceLastResponse,
    context_tokens: f.resumedCache?.contextTokens,
    prompt_cache_likely_expired: f.resumedCache?.promptCacheLikelyExpired,
    estimated_cache_write_usd: f.resumedCache?.estimatedCacheWriteUsd,
    // claude 2.1.328 names the model on SessionStart `compact` only (recorded; not on startup or resume).
    model: f.model,
    reason: f.reason,
    trigger: f.trigger,
    // Claude Code sends it on PreCompact, null when the user gave no focus (claude 2.1.328, recorded).
    custom_instructions: event === "PreCompact" ? (f.customInstructions ?? null) : undefined,
    compact_summary: f.compactSummary,
    expansion_type: f.expansionType,
    command_name: f.commandName,
    command_args: f.commandArgs,
    command_source: f.commandSource,
    command: f.shellCommand,
    file_path: f.filePath,
    memory_type: f.memoryType,
    load_reason: f.loadReason,
    globs: f.globs,
    trigger_file_path: f.triggerFilePath,
    parent_file_path: f.parentFilePath,
    tool_calls: f.toolCalls?.map((call) => {
      const input = claudeInput(call.tool, call.args, session.cwd);
      return {
        tool_name: claudeToolName(call.tool),
        tool_input: input,
        tool_use_id: call.toolUseId,
        tool_response: call.output,
      };
    }),
    ...laterEventFields(f, "event"),
  });
}

/** A failed call's error: the tool's own Claude Code wording when it gives one (`{error}`), else the text the model reads. */
function failureText(f: PayloadFields): string | undefined {
  const error = f.resultData !== undefined && "error" in f.resultData ? f.resultData.error : undefined;
  return typeof error === "string" ? error : f.output;
}

/**
 * A call's arguments as Claude Code hands them to hooks: paths absolute, and Edit's `replace_all`
 * `false` when the model left it out (its schema's default: claude 2.1.328 sent
 * `"replace_all": false` for an Edit whose call had none, recorded with ChrisWiles/claude-code-showcase,
 * first among its arguments, recorded with claude 2.1.328's PreToolUse).
 */
function claudeInput(
  tool: string | undefined,
  args: Record<string, unknown>,
  cwd: string,
): Record<string, unknown> {
  const input = absolutePaths(args, cwd);
  return tool === "edit" && input.replace_all === undefined ? { replace_all: false, ...input } : input;
}

/** The arguments with every relative path argument made absolute against the project directory. */
function absolutePaths(args: Record<string, unknown>, cwd: string): Record<string, unknown> {
  let out: Record<string, unknown> | undefined;
  for (const key of PATH_ARGS) {
    const value = args[key];
    if (typeof value !== "string" || value === "" || path.isAbsolute(value)) continue;
    out ??= { ...args };
    out[key] = path.resolve(cwd, value);
  }
  return out ?? args;
}

/**
 * Claude Code gives each tool its own structured response. Hooks get the tool's structured result
 * when it gives one (codebot's `bash` and `read` give Claude Code's Bash and Read shapes), and
 * always `success`, the text the model reads as `output`, and `filePath` for file tools. A list
 * (claude's ListMcpResourcesTool result) is the response as it is.
 */
function toolResponse(
  args: Record<string, unknown>,
  output: string,
  data: ToolData | undefined,
): Record<string, unknown> | readonly unknown[] {
  if (Array.isArray(data)) return data;
  const filePath = typeof args.file_path === "string" ? { filePath: args.file_path } : {};
  return { ...filePath, ...data, output, success: true };
}
