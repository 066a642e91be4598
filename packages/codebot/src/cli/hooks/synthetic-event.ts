import path from "node:path";
import type { EventInputs, HookEvent, HookTask } from "@codebot/hooks";
import { CliError } from "../cli-error.js";

/** What `hooks test` was told about the firing. */
export interface SyntheticFlags {
  tool?: string;
  args?: Record<string, unknown>;
  output?: string;
  prompt?: string;
  agent?: string;
  /** The project directory: what a relative `file_path` is relative to. */
  cwd?: string;
}

/** The tool_use_id of a synthetic tool call. */
const SYNTHETIC_CALL_ID = "hooks-test";

/**
 * The inputs the session would pass to the runner for this event, built from the flags: the
 * same fields, so the hooks see the payload they would see in a session.
 */
export function syntheticInput(event: HookEvent, f: SyntheticFlags): EventInputs[HookEvent] {
  const need = (value: string | undefined, flag: string): string => {
    if (value === undefined || value === "") throw new CliError(`hooks test: ${event} needs ${flag}`);
    return value;
  };
  const agentName = f.agent ?? "main";
  switch (event) {
    case "PreToolUse":
      return {
        tool: need(f.tool, "--tool NAME"),
        toolUseId: SYNTHETIC_CALL_ID,
        args: f.args ?? {},
        agentName,
      };
    case "PostToolUse":
      return {
        tool: need(f.tool, "--tool NAME"),
        toolUseId: SYNTHETIC_CALL_ID,
        args: f.args ?? {},
        output: f.output ?? "",
        isError: false,
        agentName,
      };
    case "UserPromptSubmit":
      return { prompt: need(f.prompt, "--prompt TEXT") };
    case "PostStopValidation":
      return { stopHookActive: false };
    case "Notification": {
      // `--args '{"notification_type":"idle_prompt"}'`; default: a permission question.
      const type = stringArg(f.args, "notification_type") ?? "permission_prompt";
      const message =
        type === "idle_prompt"
          ? "codebot is waiting for your input"
          : `codebot needs your permission to use ${f.tool ?? "bash"}`;
      return { message, notificationType: type };
    }
    case "TaskCreated":
      return { task: taskOf(f.args, "pending") };
    case "TaskCompleted": {
      const task = taskOf(f.args, "completed");
      const from = typeof f.args?.status_from === "string" ? f.args.status_from : "in_progress";
      return { task, previousTask: { ...task, status: from }, statusFrom: from, statusTo: "completed" };
    }
    case "SessionStart":
    case "SessionEnd":
      return {};
    case "SubagentStart":
    case "SubagentStop":
      return { agent: need(f.agent, "--agent NAME") };
    case "UserPromptExpansion":
      return { ...slashLine(need(f.prompt, '--prompt "/NAME ARGS"'), event), expansionType: "slash_command" };
    case "PreSkillShellCommand": {
      const { prompt: _typed, ...line } = slashLine(need(f.prompt, '--prompt "/NAME ARGS"'), event);
      const command = f.args?.command;
      if (typeof command !== "string" || command === "")
        throw new CliError(`hooks test: ${event} needs --args '{"command":"…"}' (the shell command)`);
      return { ...line, shellCommand: command };
    }
    case "InstructionsLoaded": {
      // `--args '{"file_path":"CLAUDE.md","load_reason":"session_start","memory_type":"Project"}'`
      const filePath = stringArg(f.args, "file_path") ?? "CLAUDE.md";
      return {
        filePath: path.resolve(f.cwd ?? ".", filePath),
        memoryType: stringArg(f.args, "memory_type") ?? "Project",
        loadReason: stringArg(f.args, "load_reason") ?? "session_start",
      };
    }
    case "PermissionRequest":
      return {
        tool: need(f.tool, "--tool NAME"),
        toolUseId: SYNTHETIC_CALL_ID,
        args: f.args ?? {},
        agentName,
      };
    case "PermissionDenied":
      return {
        tool: need(f.tool, "--tool NAME"),
        toolUseId: SYNTHETIC_CALL_ID,
        args: f.args ?? {},
        reason: f.output ?? `permission denied: ${f.tool} needs approval`,
        agentName,
      };
    case "PostToolBatch": {
      // One call from --tool/--args/--output: the smallest batch.
      const call = {
        tool: need(f.tool, "--tool NAME"),
        toolUseId: SYNTHETIC_CALL_ID,
        args: f.args ?? {},
        output: f.output ?? "",
        isError: false,
      };
      return { toolCalls: [call], agentName };
    }
    case "StopFailure": {
      // `--args '{"error":"rate_limit"}'`; `--output` is the error message.
      const error = stringArg(f.args, "error") ?? "unknown";
      return { error, errorDetails: f.output ?? `synthetic ${error} error` };
    }
    // Setup, model switches, settings and file changes, elicitation: the fields by their Claude Code names in --args.
    case "Setup":
      return { trigger: field(f.args, "trigger") === "maintenance" ? "maintenance" : "init" };
    case "PreModelSwitch":
    case "PostModelSwitch":
      return {
        fromModel: field(f.args, "from_model") ?? "",
        toModel: need(field(f.args, "to_model"), `--args '{"to_model":"provider/id"}'`),
        requestedModel: field(f.args, "requested_model") ?? null,
        source: field(f.args, "source") ?? "command",
      };
    case "ConfigChange":
      return {
        source: field(f.args, "source") ?? "project_settings",
        filePath: need(field(f.args, "file_path"), `--args '{"file_path":"…"}'`),
      };
    case "CwdChanged":
      return {
        oldCwd: field(f.args, "old_cwd") ?? "",
        newCwd: need(field(f.args, "new_cwd"), `--args '{"new_cwd":"…"}'`),
      };
    case "FileChanged": {
      const change = field(f.args, "event");
      return {
        filePath: need(field(f.args, "file_path"), `--args '{"file_path":"…"}'`),
        fileEvent: change === "add" || change === "unlink" ? change : "change",
      };
    }
    case "Elicitation":
      return {
        server: need(field(f.args, "mcp_server_name"), `--args '{"mcp_server_name":"…"}'`),
        message: field(f.args, "message") ?? "synthetic request for input",
        mode: "form",
        ...(isRecord(f.args?.requested_schema) ? { requestedSchema: f.args.requested_schema } : {}),
      };
    case "ElicitationResult": {
      const action = field(f.args, "action");
      return {
        server: need(field(f.args, "mcp_server_name"), `--args '{"mcp_server_name":"…"}'`),
        mode: "form",
        action: action === "decline" || action === "cancel" ? action : "accept",
        ...(isRecord(f.args?.content) ? { content: f.args.content } : {}),
      };
    }
    default:
      // An event this command has no special case for gets every field the flags give.
      return {
        ...(f.tool !== undefined
          ? { tool: f.tool, toolUseId: SYNTHETIC_CALL_ID, args: f.args ?? {}, agentName }
          : {}),
        ...(f.output !== undefined ? { output: f.output, isError: false } : {}),
        ...(f.prompt !== undefined ? { prompt: f.prompt } : {}),
        ...(f.agent !== undefined ? { agent: f.agent } : {}),
      } as EventInputs[HookEvent];
  }
}

/** The command a `--prompt "/name args"` line runs, as a session would fire it (a project command). */
function slashLine(
  prompt: string,
  event: HookEvent,
): { commandName: string; commandArgs: string; commandSource: string; prompt: string } {
  const match = /^\/(\S+)\s*([\s\S]*)$/.exec(prompt.trim());
  if (!match)
    throw new CliError(`hooks test: ${event}: --prompt must be a slash command line ("/NAME ARGS")`);
  return { commandName: match[1] as string, commandArgs: match[2] ?? "", commandSource: "project", prompt };
}

function stringArg(args: Record<string, unknown> | undefined, key: string): string | undefined {
  const value = args?.[key];
  return typeof value === "string" && value !== "" ? value : undefined;
}

/** A string field of `--args`. */
function field(args: Record<string, unknown> | undefined, key: string): string | undefined {
  const value = args?.[key];
  return typeof value === "string" ? value : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** A task from `--args` fields (`subject`, `description`, `owner`, …), with defaults for the rest. */
function taskOf(args: Record<string, unknown> | undefined, status: string): HookTask {
  const { status_from: _from, ...fields } = args ?? {};
  return {
    id: "1",
    subject: "synthetic task",
    description: "",
    ...(fields as Partial<HookTask>),
    status,
  } as HookTask;
}
