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
    case "UserPromptExpansion":
      return { ...slashLine(need(f.prompt, '--prompt "/NAME ARGS"'), event), expansionType: "slash_command" };
    case "PreSkillShellCommand": {
      const { prompt: _typed, ...line } = slashLine(need(f.prompt, '--prompt "/NAME ARGS"'), event);
      const command = f.args?.command;
      if (typeof command !== "string" || command === "")
        throw new CliError(`hooks test: ${event} needs --args '{"command":"…"}' (the shell command)`);
      return { ...line, shellCommand: command };
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
