/**
 * The events hooks run at, and how each one behaves — one table instead of one method per event.
 * The runner reads this table to know what a hook's matcher is compared with, whether the caller
 * waits, and how the hooks' decisions combine (§2, §4, §7).
 */

/**
 * How an event's hooks run and combine:
 * - `hard`: sync; the first blocking hook that blocks vetoes (§7.2);
 * - `soft`: sync; the first hook that blocks or fails decides, its output becomes feedback (§7.3);
 * - `async`: fire-and-forget on a detached lifetime; cannot block (§7.4);
 * - `feedback`: sync, nothing is vetoed; every matching hook runs, and what the hooks say (block
 *   reasons, context, a request to stop the run) is collected for the caller. Only Claude Code
 *   groups use it, for events Claude Code waits for but codebot runs in the background (§11).
 */
export type EventMode = "hard" | "soft" | "async" | "feedback";

/**
 * What the first-level matcher is compared with: the tool name (aliases apply), the agent's name,
 * the slash command's or skill's name (`command`), or "".
 */
export type MatchOn = "tool" | "agent" | "command" | "none";

/**
 * What the `if` matcher is compared with: the arguments as compact JSON, the task as JSON, a
 * skill's shell command (as a JSON string), or "".
 */
export type IfOn = "args" | "task" | "shellCommand" | "none";

/**
 * What a Claude Code group's matcher is compared with (§11): the tool name, or the event's own
 * field (`source`, `reason`, `notification_type`, `agent_type`); `none` = Claude Code ignores the
 * matcher for this event. `trigger` is PreCompact's and PostCompact's `manual` or `auto`,
 * `loadReason` InstructionsLoaded's `load_reason`, `error` StopFailure's error type.
 */
export type ClaudeMatchOn =
  | "tool"
  | "source"
  | "reason"
  | "notificationType"
  | "agent"
  | "trigger"
  | "command"
  | "loadReason"
  | "error"
  // The model switched to (PreModelSwitch, PostModelSwitch), the MCP server that asks
  // (Elicitation, ElicitationResult), the changed file's name (FileChanged).
  | "model"
  | "server"
  | "fileName"
  | "none";

/** Anything a hook's matcher may be compared with, whichever dialect it was written in. */
export type MatchField = MatchOn | ClaudeMatchOn;

/** How Claude Code–style (grouped) hooks of an event differ from native entries. */
export interface ClaudeEventSpec {
  matchOn: ClaudeMatchOn;
  /** Their mode when it is not the event's own (Claude Code waits for them). */
  mode?: EventMode;
  /** Plain stdout on exit 0 is context for the model (Claude Code's UserPromptSubmit and SessionStart). */
  plainContext?: boolean;
  /** `continue: false` ends the run. */
  canStopRun?: boolean;
}

export interface EventSpec {
  mode: EventMode;
  /** Native entries of the events Claude Code filters by a field of its own are filtered by that field too. */
  matchOn: MatchField;
  ifOn: IfOn;
  /** Only PreToolUse: a hook's `updated_input` replaces the arguments and chains into later hooks. */
  rewritesArgs: boolean;
  /** Its hooks guard a call: one that cannot run (not approved) refuses the call (§8). */
  guardsCall?: true;
  /** PermissionRequest: a hook's allow (with its `updatedInput`) is part of the decision. */
  decidesPermission?: true;
  /** Payload fields that are constant for the event (§5). */
  fixed: { tool?: string; message?: string };
  claude: ClaudeEventSpec;
}

export const EVENT_SPECS = {
  PreToolUse: {
    mode: "hard",
    matchOn: "tool",
    ifOn: "args",
    rewritesArgs: true,
    guardsCall: true,
    fixed: {},
    claude: { matchOn: "tool", canStopRun: true },
  },
  PostToolUse: {
    mode: "async",
    matchOn: "tool",
    ifOn: "args",
    rewritesArgs: false,
    fixed: {},
    claude: { matchOn: "tool", mode: "feedback", canStopRun: true },
  },
  PostToolUseFailure: {
    mode: "async",
    matchOn: "tool",
    ifOn: "args",
    rewritesArgs: false,
    fixed: {},
    claude: { matchOn: "tool", mode: "feedback" },
  },
  UserPromptSubmit: {
    mode: "hard",
    matchOn: "none",
    ifOn: "none",
    rewritesArgs: false,
    fixed: {},
    claude: { matchOn: "none", plainContext: true, canStopRun: true },
  },
  Stop: {
    mode: "hard",
    matchOn: "none",
    ifOn: "none",
    rewritesArgs: false,
    fixed: {},
    claude: { matchOn: "none", canStopRun: true },
  },
  PostStopValidation: {
    mode: "soft",
    matchOn: "none",
    ifOn: "none",
    rewritesArgs: false,
    fixed: { message: "post-stop validation" },
    claude: { matchOn: "none" },
  },
  Notification: {
    mode: "async",
    matchOn: "none",
    ifOn: "none",
    rewritesArgs: false,
    fixed: {},
    claude: { matchOn: "notificationType" },
  },
  TaskCreated: {
    mode: "hard",
    matchOn: "tool",
    ifOn: "task",
    rewritesArgs: false,
    guardsCall: true,
    fixed: { tool: "task_create" },
    claude: { matchOn: "none" },
  },
  TaskCompleted: {
    mode: "hard",
    matchOn: "tool",
    ifOn: "task",
    rewritesArgs: false,
    guardsCall: true,
    fixed: { tool: "task_update" },
    claude: { matchOn: "none" },
  },
  SessionStart: {
    mode: "async",
    matchOn: "none",
    ifOn: "none",
    rewritesArgs: false,
    fixed: {},
    claude: { matchOn: "source", mode: "feedback", plainContext: true },
  },
  SessionEnd: {
    mode: "async",
    matchOn: "none",
    ifOn: "none",
    rewritesArgs: false,
    fixed: {},
    claude: { matchOn: "reason" },
  },
  // Native hooks observe; Claude Code groups are waited for, and their context goes into the sub-agent.
  SubagentStart: {
    mode: "async",
    matchOn: "agent",
    ifOn: "none",
    rewritesArgs: false,
    fixed: {},
    claude: { matchOn: "agent", mode: "feedback" },
  },
  SubagentStop: {
    mode: "async",
    matchOn: "agent",
    ifOn: "none",
    rewritesArgs: false,
    fixed: {},
    claude: { matchOn: "agent" },
  },
  /** Before the history is summarised: may block it; plain stdout joins the summary instructions. */
  PreCompact: {
    mode: "hard",
    matchOn: "none",
    ifOn: "none",
    rewritesArgs: false,
    fixed: {},
    claude: { matchOn: "trigger", plainContext: true },
  },
  /** After the history was replaced by its summary: observational. */
  PostCompact: {
    mode: "async",
    matchOn: "none",
    ifOn: "none",
    rewritesArgs: false,
    fixed: {},
    claude: { matchOn: "trigger" },
  },
  // Skills and slash commands (issue 14): the user's `/name args` is expanded into its prompt.
  /** Before a `/name args` expansion reaches the model (matcher: the command's name): may block it. */
  UserPromptExpansion: {
    mode: "hard",
    matchOn: "command",
    ifOn: "none",
    rewritesArgs: false,
    fixed: {},
    claude: { matchOn: "command", plainContext: true, canStopRun: true },
  },
  /** Before each `` !`cmd` `` of a skill or command runs (matcher: its name): may refuse the command. */
  PreSkillShellCommand: {
    mode: "hard",
    matchOn: "command",
    ifOn: "shellCommand",
    rewritesArgs: false,
    fixed: {},
    claude: { matchOn: "command", canStopRun: true },
  },
  // Issue 14 (events-a): permission, instruction, batch and failure events.
  /** An instruction file was given to the model: observational; `continue: false` halts the session. */
  InstructionsLoaded: {
    mode: "async",
    matchOn: "none",
    ifOn: "none",
    rewritesArgs: false,
    fixed: {},
    claude: { matchOn: "loadReason", mode: "feedback", canStopRun: true },
  },
  /** codebot would ask about a tool call, or refuse it for lack of a rule: a hook may allow or deny it. */
  PermissionRequest: {
    mode: "hard",
    matchOn: "tool",
    ifOn: "args",
    rewritesArgs: false,
    guardsCall: true,
    decidesPermission: true,
    fixed: {},
    claude: { matchOn: "tool", canStopRun: true },
  },
  /** A tool call was refused (rule, mode, the user, a PermissionRequest hook): observational. */
  PermissionDenied: {
    mode: "async",
    matchOn: "tool",
    ifOn: "args",
    rewritesArgs: false,
    fixed: {},
    claude: { matchOn: "tool" },
  },
  /** Every tool call of one model step has finished: a block ends the run before the next model call. */
  PostToolBatch: {
    mode: "hard",
    matchOn: "none",
    ifOn: "none",
    rewritesArgs: false,
    fixed: {},
    claude: { matchOn: "none", canStopRun: true },
  },
  /** A prompt's run ended because a model call failed for good: observational. */
  StopFailure: {
    mode: "async",
    matchOn: "none",
    ifOn: "none",
    rewritesArgs: false,
    fixed: {},
    claude: { matchOn: "error" },
  },
  // Setup, model switches, settings and file changes, MCP elicitation (issue 14 item 3, issue 15 item 5).
  /** `codebot --init` / `--init-only` (trigger `init`) and `--maintenance`: observational; Claude Code groups' context joins the first prompt. */
  Setup: {
    mode: "async",
    matchOn: "trigger",
    ifOn: "none",
    rewritesArgs: false,
    fixed: {},
    claude: { matchOn: "trigger", mode: "feedback", plainContext: true },
  },
  /** Before `/model` switches the model: a block (or Claude Code's `permissionDecision: "deny"`) refuses the switch. */
  PreModelSwitch: {
    mode: "hard",
    matchOn: "model",
    ifOn: "none",
    rewritesArgs: false,
    fixed: {},
    claude: { matchOn: "model" },
  },
  /** After the model was switched: observational. */
  PostModelSwitch: {
    mode: "async",
    matchOn: "model",
    ifOn: "none",
    rewritesArgs: false,
    fixed: {},
    claude: { matchOn: "model" },
  },
  /** A settings file of the session changed on disk: a block keeps the session on the settings it had. */
  ConfigChange: {
    mode: "hard",
    matchOn: "source",
    ifOn: "none",
    rewritesArgs: false,
    fixed: {},
    claude: { matchOn: "source" },
  },
  /** The bash tool's working directory changed (a `cd` that stays inside the project): hooks may return `watchPaths`. */
  CwdChanged: {
    mode: "async",
    matchOn: "none",
    ifOn: "none",
    rewritesArgs: false,
    fixed: {},
    claude: { matchOn: "none", mode: "feedback" },
  },
  /** A watched file was added, changed or removed: matched on its name; hooks may return `watchPaths`. */
  FileChanged: {
    mode: "async",
    matchOn: "fileName",
    ifOn: "none",
    rewritesArgs: false,
    fixed: {},
    claude: { matchOn: "fileName", mode: "feedback" },
  },
  /** An MCP server asks the user for input: a hook may answer (accept with content, decline, cancel); a block declines. */
  Elicitation: {
    mode: "hard",
    matchOn: "server",
    ifOn: "none",
    rewritesArgs: false,
    fixed: {},
    claude: { matchOn: "server" },
  },
  /** The answer is about to go to the server: a hook may change it; a block declines. */
  ElicitationResult: {
    mode: "hard",
    matchOn: "server",
    ifOn: "none",
    rewritesArgs: false,
    fixed: {},
    claude: { matchOn: "server" },
  },
} as const satisfies Record<string, EventSpec>;

export type HookEvent = keyof typeof EVENT_SPECS;

export const HOOK_EVENTS = Object.keys(EVENT_SPECS) as HookEvent[];

export function isHookEvent(name: string): name is HookEvent {
  return Object.hasOwn(EVENT_SPECS, name);
}

/**
 * Claude Code events codebot does not fire. Their hooks are skipped with a warning rather than
 * an error, so a Claude Code settings file with them still validates.
 */
export const UNSUPPORTED_CLAUDE_EVENTS: ReadonlySet<string> = new Set([
  "TeammateIdle",
  "WorktreeCreate",
  "WorktreeRemove",
]);
