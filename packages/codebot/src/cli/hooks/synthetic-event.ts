import type { EventInputs, HookEvent, HookTask } from "@codebot/hooks";
import { CliError } from "../cli-error.js";

/** What `hooks test` was told about the firing. */
export interface SyntheticFlags {
  tool?: string;
  args?: Record<string, unknown>;
  output?: string;
  prompt?: string;
  agent?: string;
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
    case "Notification":
      return { message: "agent response complete" };
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
