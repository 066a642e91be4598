import { randomUUID } from "node:crypto";
import path from "node:path";
import { abortedCallText } from "@codebot/agentcore";
import {
  COMPACT_TRIGGERS,
  codebotToolName,
  type EventInputs,
  type HookEvent,
  type HookTask,
  type ResumedCache,
  SESSION_END_REASONS,
  SESSION_START_SOURCES,
} from "@codebot/hooks";
import { successData } from "../../tools/claude-result-shapes.js";
import { CliError } from "../cli-error.js";
import { SyntheticArgs } from "./synthetic-args.js";

/** What `hooks test` was told about the firing. */
export interface SyntheticFlags {
  tool?: string;
  args?: Record<string, unknown>;
  output?: string;
  prompt?: string;
  agent?: string;
  /**
   * The run's own name (`--agent-name`), when the model named it (the agent tool's `name`): what its
   * tool calls' native payloads call their agent, and what a custom agent's own hooks follow the run
   * by. No Claude Code payload carries it (claude 2.1.328, recorded: `agent_type` stays the type).
   */
  agentName?: string;
  /**
   * PostToolUse for a call that failed (`--failed`): the session fires it with `is_error` true (next
   * to PostToolUseFailure), and Claude Code groups sit it out (trace `failed call`).
   */
  failed?: boolean;
  /** PostToolUseFailure for a call the run's interrupt cut off (`--interrupted`): `is_interrupt` true. */
  interrupted?: boolean;
  /** SubagentStop for a run that was stopped (`--stopped`): Claude Code groups sit it out (trace `stopped run`). */
  stopped?: boolean;
  /** The project directory: what a relative `file_path` is relative to. */
  cwd?: string;
}

/** The tool_use_id of a synthetic tool call. */
export const SYNTHETIC_CALL_ID = "hooks-test";

/** The agent_id of a synthetic sub-agent run (a real one is `a` and 16 random hex digits). */
export const SYNTHETIC_AGENT_ID = "a0000000000000000";

/** What one event's builder is given: the flags, `--args` read as the event's own fields, and a way to demand a flag. */
interface Given {
  f: SyntheticFlags;
  /** `--args` as the event's fields (events that have no tool: for tool events `--args` are the tool's arguments). */
  fields: SyntheticArgs;
  need(value: string | undefined, flag: string): string;
  /** The tool of `--tool` under the name the session gives it (`Bash` → `bash`). */
  tool(): string;
}

/**
 * One builder per event, each giving every field the session passes when it fires that event
 * (see where the session fires it: the middleware, stop-hooks.ts, compaction.ts, session.ts, …),
 * with defaults and `--args` overrides. A mapped type, not a switch with a default: a new event
 * does not compile until it has one, and a builder that leaves out a required field does not either.
 */
const BUILDERS: { [E in HookEvent]: (g: Given) => EventInputs[E] } = {
  PreToolUse: (g) => toolCall(g),
  PostToolUse: (g) => {
    if (g.f.failed) return failedCall(g);
    const call = toolCall(g);
    const output = g.f.output ?? "";
    const data = successData(call.tool, call.args, output, g.f.cwd ?? process.cwd());
    return { ...call, output, ...(data ? { resultData: data } : {}), isError: false, durationMs: 0 };
  },
  PostToolUseFailure: (g) => failedCall(g),
  PermissionRequest: (g) => toolCall(g),
  PermissionDenied: (g) => ({
    ...toolCall(g),
    reason: g.f.output ?? `permission denied: ${g.tool()} needs approval`,
  }),
  PostToolBatch: (g) => {
    // One call from --tool/--args/--output: the smallest batch.
    const { agentName: _agent, ...call } = toolCall(g);
    return { toolCalls: [{ ...call, output: g.f.output ?? "", isError: false }], agentName: agentOf(g.f) };
  },
  UserPromptSubmit: (g) => ({ prompt: g.need(g.f.prompt, "--prompt TEXT") }),
  Stop: ({ fields }) => ({
    stopHookActive: fields.flag("stop_hook_active", false),
    lastAssistantMessage: fields.text("last_assistant_message") ?? "synthetic final answer",
  }),
  PostStopValidation: ({ fields }) => ({ stopHookActive: fields.flag("stop_hook_active", false) }),
  Notification: (g) => {
    // Default: a permission question, about --tool (bash when none is given).
    const type = g.fields.nonEmpty("notification_type") ?? "permission_prompt";
    const message =
      type === "idle_prompt"
        ? "codebot is waiting for your input"
        : `codebot needs your permission to use ${g.f.tool !== undefined ? g.tool() : "bash"}`;
    return { message: g.fields.nonEmpty("message") ?? message, notificationType: type };
  },
  TaskCreated: ({ f }) => ({ task: taskOf(f.args, "pending") }),
  TaskCompleted: ({ f }) => {
    const task = taskOf(f.args, "completed");
    const from = typeof f.args?.status_from === "string" ? f.args.status_from : "in_progress";
    return { task, previousTask: { ...task, status: from }, statusFrom: from, statusTo: "completed" };
  },
  SessionStart: ({ fields }) => {
    const source = fields.choice("source", SESSION_START_SOURCES, "startup");
    return source === "resume" ? { source, resumedCache: resumedCache(fields) } : { source };
  },
  // `other` is what ending a session any other way than /exit, /clear or /resume gives (the end of -p).
  SessionEnd: ({ fields }) => ({ reason: fields.choice("reason", SESSION_END_REASONS, "other") }),
  // The run's name is the agent's unless the model named the run (--agent-name).
  SubagentStart: (g) => {
    const agent = g.need(g.f.agent, "--agent NAME");
    return { agent, agentName: g.f.agentName ?? agent, agentId: SYNTHETIC_AGENT_ID };
  },
  SubagentStop: (g) => {
    const agent = g.need(g.f.agent, "--agent NAME");
    const last = g.fields.text("last_assistant_message") ?? "synthetic sub-agent answer";
    return {
      agent,
      agentName: g.f.agentName ?? agent,
      agentId: SYNTHETIC_AGENT_ID,
      lastAssistantMessage: last,
      stopHookActive: g.fields.flag("stop_hook_active", false),
      ...(g.f.stopped ? { runStopped: true } : {}),
    };
  },
  // Default: `/compact` with no focus (its custom_instructions null).
  PreCompact: ({ fields }) => {
    const focus = fields.nonEmpty("custom_instructions");
    return {
      trigger: fields.choice("trigger", COMPACT_TRIGGERS, "manual"),
      ...(focus !== undefined ? { customInstructions: focus } : {}),
    };
  },
  PostCompact: ({ fields }) => ({
    trigger: fields.choice("trigger", COMPACT_TRIGGERS, "manual"),
    compactSummary: fields.text("compact_summary") ?? "synthetic summary of the conversation",
  }),
  UserPromptExpansion: (g) => ({
    ...slashLine(g.need(g.f.prompt, '--prompt "/NAME ARGS"'), "UserPromptExpansion"),
    expansionType: "slash_command",
  }),
  PreSkillShellCommand: (g) => {
    const { prompt: _typed, ...line } = slashLine(
      g.need(g.f.prompt, '--prompt "/NAME ARGS"'),
      "PreSkillShellCommand",
    );
    const command = g.fields.nonEmpty("command");
    if (command === undefined)
      throw new CliError(
        `hooks test: PreSkillShellCommand needs --args '{"command":"…"}' (the shell command)`,
      );
    return { ...line, shellCommand: command };
  },
  // `--args '{"file_path":"CLAUDE.md","load_reason":"session_start","memory_type":"Project"}'`
  InstructionsLoaded: ({ f, fields }) => {
    const resolve = (file: string) => path.resolve(f.cwd ?? ".", file);
    const parent = fields.nonEmpty("parent_file_path");
    const trigger = fields.nonEmpty("trigger_file_path");
    const globs = fields.texts("globs");
    return {
      filePath: resolve(fields.nonEmpty("file_path") ?? "CLAUDE.md"),
      memoryType: fields.nonEmpty("memory_type") ?? "Project",
      loadReason: fields.nonEmpty("load_reason") ?? "session_start",
      ...(parent !== undefined ? { parentFilePath: resolve(parent) } : {}),
      ...(trigger !== undefined ? { triggerFilePath: resolve(trigger) } : {}),
      ...(globs !== undefined ? { globs } : {}),
    };
  },
  // `--args '{"error":"rate_limit"}'`; `--output` is the error message.
  StopFailure: ({ f, fields }) => {
    const error = fields.nonEmpty("error") ?? "unknown";
    const errorDetails = f.output ?? `synthetic ${error} error`;
    return {
      error,
      errorDetails,
      // Claude Code's error_details: claude sends one only for some failures, so only when given.
      ...(f.output !== undefined ? { rawError: f.output } : {}),
      // The session's is the run's answer, its API Error text.
      lastAssistantMessage: fields.nonEmpty("last_assistant_message") ?? `API Error: ${errorDetails}`,
    };
  },
  Setup: ({ fields }) => ({ trigger: fields.choice("trigger", ["init", "maintenance"] as const, "init") }),
  PreModelSwitch: (g) => modelSwitch(g),
  PostModelSwitch: (g) => modelSwitch(g),
  ConfigChange: (g) => ({
    source: g.fields.text("source") ?? "project_settings",
    filePath: g.need(g.fields.text("file_path"), `--args '{"file_path":"…"}'`),
  }),
  CwdChanged: (g) => ({
    oldCwd: g.fields.text("old_cwd") ?? "",
    newCwd: g.need(g.fields.text("new_cwd"), `--args '{"new_cwd":"…"}'`),
  }),
  FileChanged: (g) => ({
    filePath: g.need(g.fields.text("file_path"), `--args '{"file_path":"…"}'`),
    fileEvent: g.fields.choice("event", ["add", "change", "unlink"] as const, "change"),
  }),
  Elicitation: (g) => {
    const request = elicitationRequest(g);
    return {
      ...request,
      message: g.fields.text("message") ?? "synthetic request for input",
      // A form request always carries its schema; an empty form by default.
      ...(request.mode === "form"
        ? { requestedSchema: g.fields.object("requested_schema") ?? { type: "object", properties: {} } }
        : {}),
    };
  },
  ElicitationResult: (g) => {
    const content = g.fields.object("content");
    return {
      ...elicitationRequest(g),
      action: g.fields.choice("action", ["accept", "decline", "cancel"] as const, "accept"),
      ...(content !== undefined ? { content } : {}),
    };
  },
  WorktreeCreate: (g) => ({ name: g.fields.text("name") ?? "synthetic-worktree" }),
  WorktreeRemove: (g) => ({
    worktreePath: g.need(g.fields.text("worktree_path"), `--args '{"worktree_path":"…"}'`),
  }),
  // The terminal's `/add-dir` is its only source.
  DirectoryAdded: (g) => ({
    directory: g.need(g.fields.text("directory"), `--args '{"directory":"…"}'`),
    source: g.fields.choice("source", ["slash_command"] as const, "slash_command"),
  }),
  // As `-p` fires it: a completed message whole, part 0 and the last.
  MessageDisplay: (g) => ({
    turnId: g.fields.text("turn_id") ?? randomUUID(),
    messageId: g.fields.text("message_id") ?? randomUUID(),
    index: 0,
    final: true,
    delta: g.fields.text("delta") ?? "synthetic assistant message",
  }),
};

/**
 * The inputs the session would pass to the runner for this event, built from the flags: the
 * same fields, so the hooks see the payload they would see in a session.
 */
export function syntheticInput<E extends HookEvent>(event: E, f: SyntheticFlags): EventInputs[E] {
  refuseFlagsNotFor(event, f);
  const need = (value: string | undefined, flag: string): string => {
    if (value === undefined || value === "") throw new CliError(`hooks test: ${event} needs ${flag}`);
    return value;
  };
  return BUILDERS[event]({
    f,
    fields: new SyntheticArgs(event, f.args),
    need,
    tool: () => sessionToolName(need(f.tool, "--tool NAME")),
  });
}

/**
 * codebot's name for a tool given by its Claude Code name (`Bash`, `Write`, `Task`), as the
 * session names the call hooks see; an MCP tool keeps its name as the server spells it.
 */
export function sessionToolName(name: string): string {
  return name.startsWith("mcp__") ? name : codebotToolName(name);
}

/** A tool call from --tool/--args, made by --agent (default the main agent). */
function toolCall(g: Given): {
  tool: string;
  toolUseId: string;
  args: Record<string, unknown>;
  agentName: string;
} {
  return { tool: g.tool(), toolUseId: SYNTHETIC_CALL_ID, args: g.f.args ?? {}, agentName: agentOf(g.f) };
}

/**
 * A call whose result is an error, `--output` that error: what the session fires PostToolUseFailure
 * with, and PostToolUse too (middleware.ts). An interrupted one's is, unless given, the error a call
 * the interrupt cut off gets (agentcore's tool-execution.ts); a bash command's own ends
 * `[command aborted; its process group was killed]`.
 */
function failedCall(g: Given): EventInputs["PostToolUseFailure"] {
  const call = toolCall(g);
  const interrupted = g.f.interrupted === true;
  return {
    ...call,
    output: g.f.output ?? (interrupted ? abortedCallText(call.tool) : "synthetic tool failure"),
    isError: true,
    durationMs: 0,
    isInterrupt: interrupted,
  };
}

/** A firing flag given for an event it does not describe would change nothing, so it is refused. */
function refuseFlagsNotFor(event: HookEvent, f: SyntheticFlags): void {
  const not = (flag: string, events: string) =>
    new CliError(`hooks test: ${flag} is for ${events}, not ${event}`);
  if (f.failed && event !== "PostToolUse" && event !== "PostToolUseFailure")
    throw not("--failed", "PostToolUse and PostToolUseFailure");
  if (f.stopped && event !== "SubagentStop") throw not("--stopped", "SubagentStop");
  if (f.interrupted && event !== "PostToolUseFailure") throw not("--interrupted", "PostToolUseFailure");
}

/** The agent a firing names: the run's own name, else its agent's (the main agent's when none). */
function agentOf(f: SyntheticFlags): string {
  return f.agentName ?? f.agent ?? "main";
}

/** A resume's cache fields, as a session gives them after a response just now (each settable by its Claude Code name). */
function resumedCache(fields: SyntheticArgs): ResumedCache {
  const seconds = fields.amount("seconds_since_last_response", 0);
  return {
    secondsSinceLastResponse: seconds,
    contextTokens: fields.amount("context_tokens", 0),
    promptCacheLikelyExpired: fields.flag("prompt_cache_likely_expired", seconds >= 300),
    estimatedCacheWriteUsd: fields.amount("estimated_cache_write_usd", 0),
  };
}

function modelSwitch(g: Given): EventInputs["PreModelSwitch"] {
  return {
    fromModel: g.fields.text("from_model") ?? "",
    toModel: g.need(g.fields.text("to_model"), `--args '{"to_model":"provider/id"}'`),
    requestedModel: g.fields.text("requested_model") ?? null,
    source: g.fields.text("source") ?? "command",
  };
}

/** The server and mode of an MCP request for input; a `url` request has its url and id. */
function elicitationRequest(
  g: Given,
): { server: string } & ({ mode: "form" } | { mode: "url"; url: string; elicitationId: string }) {
  const server = g.need(g.fields.text("mcp_server_name"), `--args '{"mcp_server_name":"…"}'`);
  if (g.fields.choice("mode", ["form", "url"] as const, "form") === "form") return { server, mode: "form" };
  return {
    server,
    mode: "url",
    url: g.need(g.fields.text("url"), `--args '{"mode":"url","url":"…"}'`),
    elicitationId: g.fields.text("elicitation_id") ?? SYNTHETIC_CALL_ID,
  };
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

/** Events a session fires before its first prompt (at its start), whose payloads have no prompt_id. */
const BEFORE_ANY_PROMPT: ReadonlySet<HookEvent> = new Set(["Setup", "SessionStart", "InstructionsLoaded"]);

export function firedBeforeAnyPrompt(event: HookEvent): boolean {
  return BEFORE_ANY_PROMPT.has(event);
}
