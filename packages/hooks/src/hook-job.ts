/** One firing of an event as each of its hooks sees it: the tool, the lifetime, the shared payloads. */
import type { ModelMessage } from "ai";
import { AnswerBudget } from "./answer-budget.js";
import type { CompiledHook, PayloadBuilder } from "./compiled-hook.js";
import { EVENT_SPECS, type HookEvent } from "./events.js";
import type { HookSession, PayloadFields } from "./payload.js";
import { namesFor } from "./plan.js";
import { claudeToolName } from "./tool-aliases.js";
import type { ToolCallSubject } from "./tool-rule.js";

/** One firing of an event, as a hook sees it. */
export interface HookJob {
  event: HookEvent;
  /** The tool the event is about ("" when none): `HOOK_TOOL_NAME` and the approval request. */
  toolName: string;
  /** The tool call the event is about (tool events only). */
  toolUseId?: string;
  /** What Claude Code's matcher for the event is compared with, in its spelling (HookStart.subject). */
  subject?: string;
  /** The call as a permission rule sees it (tool events only): what a hook's `if` is judged on. */
  call?: ToolCallSubject;
  /** The payload JSON the hook reads; memoised by the caller, since many hooks may share it. */
  payload: (hook: CompiledHook) => string;
  /** The lifetime of the run: the caller's for sync events, detached for async ones. */
  signal: AbortSignal;
  /** What the firing's hooks may read of their answers past 1 MiB, together (answer-budget.ts). */
  answerBudget: AnswerBudget;
  /** Stop, SubagentStop: the stopping agent's conversation (Claude Code prompt hooks send it). */
  conversation?: readonly ModelMessage[];
  /** The session as it was when the event fired (`/clear` and `/resume` switch ids while a SessionEnd hook still waits to run). */
  session: HookSession;
}

/** One hook's job for a firing with these fields: each payload built once per builder, then shared. */
export function jobOf(
  event: HookEvent,
  fields: PayloadFields,
  signal: AbortSignal,
  session: HookSession,
): HookJob {
  // Taken when the event fires, as the other fields: a run that ends meanwhile stays listed.
  const backgroundTasks = session.backgroundTasks?.();
  const now: HookSession = {
    sessionId: session.sessionId,
    cwd: session.cwd,
    transcriptPath: session.transcriptPath,
    ...(session.permissionMode !== undefined ? { permissionMode: session.permissionMode } : {}),
    ...(session.envFile !== undefined ? { envFile: session.envFile } : {}),
    ...(session.promptId !== undefined ? { promptId: session.promptId } : {}),
    ...(session.agentType !== undefined ? { agentType: session.agentType } : {}),
    ...(session.effort !== undefined ? { effort: session.effort } : {}),
    ...(backgroundTasks !== undefined ? { backgroundTasks: () => backgroundTasks } : {}),
  };
  // A sub-agent's tool call: which run it is, while that run is still going.
  const caller =
    fields.agentName !== undefined && fields.agentName !== "main" && fields.agentId === undefined
      ? session.subagent?.(fields.agentName)
      : undefined;
  // An MCP tool's call: the server offering it, as the session knows it now.
  const server = fields.tool?.startsWith("mcp__") ? session.mcpServer?.(fields.tool) : undefined;
  const withCaller = {
    ...fields,
    ...(caller ? { agentId: caller.id, agentType: caller.type } : {}),
    ...(server ? { mcpServer: server } : {}),
  };
  const payloads = new Map<PayloadBuilder, string>();
  const payload = (hook: CompiledHook) => {
    let text = payloads.get(hook.payload);
    if (text === undefined) {
      text = hook.payload(event, now, withCaller);
      payloads.set(hook.payload, text);
    }
    return text;
  };
  return {
    event,
    toolName: fields.tool ?? "",
    ...(fields.toolUseId ? { toolUseId: fields.toolUseId } : {}),
    ...subjectOf(event, fields),
    ...(fields.tool !== undefined ? { call: { tool: fields.tool, args: fields.args ?? {} } } : {}),
    payload,
    signal,
    answerBudget: new AnswerBudget(),
    ...(fields.conversation ? { conversation: fields.conversation } : {}),
    session: now,
  };
}

function subjectOf(event: HookEvent, fields: PayloadFields): { subject?: string } {
  const on = EVENT_SPECS[event].claude.matchOn;
  if (on === "none") return {};
  const subject = on === "tool" ? claudeToolName(fields.tool ?? "") : namesFor(on, fields)[0];
  return subject ? { subject } : {};
}
