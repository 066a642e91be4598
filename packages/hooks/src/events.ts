/**
 * The events hooks run at, and how each one behaves — one table instead of one method per event.
 * The runner reads this table to know what a hook's matcher is compared with, whether the caller
 * waits, and how the hooks' decisions combine (§2, §4, §7).
 */
import { type EventRow, withDefaults } from "./event-spec.js";

export type {
  ClaudeEventSpec,
  ClaudeMatchOn,
  EventMode,
  EventSpec,
  IfOn,
  MatchField,
  MatchOn,
} from "./event-spec.js";

const EVENT_ROWS = {
  PreToolUse: {
    mode: "hard",
    matchOn: "tool",
    ifOn: "args",
    rewritesArgs: true,
    guardsCall: true,
    claude: { matchOn: "tool", canStopRun: true },
  },
  PostToolUse: {
    mode: "async",
    matchOn: "tool",
    ifOn: "args",
    claude: { matchOn: "tool", mode: "feedback", canStopRun: true },
  },
  PostToolUseFailure: {
    mode: "async",
    matchOn: "tool",
    ifOn: "args",
    claude: { matchOn: "tool", mode: "feedback" },
  },
  UserPromptSubmit: {
    mode: "hard",
    matchOn: "none",
    claude: { matchOn: "none", plainContext: true, canStopRun: true },
  },
  Stop: {
    mode: "hard",
    matchOn: "none",
    claude: { matchOn: "none", canStopRun: true, joinsBlocks: true },
  },
  PostStopValidation: {
    mode: "soft",
    matchOn: "none",
    fixed: { message: "post-stop validation" },
    claude: { matchOn: "none" },
  },
  Notification: {
    mode: "async",
    matchOn: "none",
    claude: { matchOn: "notificationType" },
  },
  TaskCreated: {
    mode: "hard",
    matchOn: "tool",
    ifOn: "task",
    guardsCall: true,
    fixed: { tool: "task_create" },
    claude: { matchOn: "none" },
  },
  TaskCompleted: {
    mode: "hard",
    matchOn: "tool",
    ifOn: "task",
    guardsCall: true,
    fixed: { tool: "task_update" },
    claude: { matchOn: "none" },
  },
  SessionStart: {
    mode: "async",
    matchOn: "none",
    claude: { matchOn: "source", mode: "feedback", plainContext: true },
  },
  SessionEnd: {
    mode: "async",
    matchOn: "none",
    claude: { matchOn: "reason" },
  },
  // Native hooks observe; Claude Code groups are waited for, and their context goes into the sub-agent.
  SubagentStart: {
    mode: "async",
    matchOn: "agent",
    claude: { matchOn: "agent", mode: "feedback" },
  },
  // Native hooks observe; Claude Code groups are waited for at a natural stop, and a block keeps the sub-agent going.
  SubagentStop: {
    mode: "async",
    matchOn: "agent",
    claude: { matchOn: "agent", mode: "feedback" },
  },
  /** Before the history is summarised: may block it; plain stdout joins the summary instructions. */
  PreCompact: {
    mode: "hard",
    matchOn: "none",
    claude: { matchOn: "trigger", plainContext: true },
  },
  /** After the history was replaced by its summary: observational. */
  PostCompact: {
    mode: "async",
    matchOn: "none",
    claude: { matchOn: "trigger" },
  },
  // Skills and slash commands (issue 14): the user's `/name args` is expanded into its prompt.
  /** Before a `/name args` expansion reaches the model (matcher: the command's name): may block it. */
  UserPromptExpansion: {
    mode: "hard",
    matchOn: "command",
    claude: { matchOn: "command", plainContext: true, canStopRun: true },
  },
  /** Before each `` !`cmd` `` of a skill or command runs (matcher: its name): may refuse the command. */
  PreSkillShellCommand: {
    mode: "hard",
    matchOn: "command",
    ifOn: "shellCommand",
    claude: { matchOn: "command", canStopRun: true },
  },
  // Issue 14 (events-a): permission, instruction, batch and failure events.
  /** An instruction file was given to the model: observational; `continue: false` halts the session. */
  InstructionsLoaded: {
    mode: "async",
    matchOn: "none",
    claude: { matchOn: "loadReason", mode: "feedback", canStopRun: true },
  },
  /** codebot would ask about a tool call, or refuse it for lack of a rule: a hook may allow or deny it. */
  PermissionRequest: {
    mode: "hard",
    matchOn: "tool",
    ifOn: "args",
    guardsCall: true,
    decidesPermission: true,
    claude: { matchOn: "tool", canStopRun: true },
  },
  /** A tool call was refused (rule, mode, the user, a PermissionRequest hook): observational. */
  PermissionDenied: {
    mode: "async",
    matchOn: "tool",
    ifOn: "args",
    claude: { matchOn: "tool" },
  },
  /** Every tool call of one model step has finished: a block ends the run before the next model call. */
  PostToolBatch: {
    mode: "hard",
    matchOn: "none",
    claude: { matchOn: "none", canStopRun: true },
  },
  /** A prompt's run ended because a model call failed for good: observational. */
  StopFailure: {
    mode: "async",
    matchOn: "none",
    claude: { matchOn: "error" },
  },
  // Setup, model switches, settings and file changes, MCP elicitation (issue 14 item 3, issue 15 item 5).
  /** `codebot --init` / `--init-only` (trigger `init`) and `--maintenance`: observational; Claude Code groups' context joins the first prompt. */
  Setup: {
    mode: "async",
    matchOn: "trigger",
    claude: { matchOn: "trigger", mode: "feedback", plainContext: true },
  },
  /** Before `/model` switches the model: a block (or Claude Code's `permissionDecision: "deny"`) refuses the switch. */
  PreModelSwitch: {
    mode: "hard",
    matchOn: "model",
    claude: { matchOn: "model" },
  },
  /** After the model was switched: observational. */
  PostModelSwitch: {
    mode: "async",
    matchOn: "model",
    claude: { matchOn: "model" },
  },
  /** A settings file of the session changed on disk: a block keeps the session on the settings it had. */
  ConfigChange: {
    mode: "hard",
    matchOn: "source",
    claude: { matchOn: "source" },
  },
  /** The bash tool's working directory changed (a `cd` that stays inside the project): hooks may return `watchPaths`. */
  CwdChanged: {
    mode: "async",
    matchOn: "none",
    claude: { matchOn: "none", mode: "feedback" },
  },
  /** A watched file was added, changed or removed: matched on its name; hooks may return `watchPaths`. */
  FileChanged: {
    mode: "async",
    matchOn: "fileName",
    claude: { matchOn: "fileName", mode: "feedback" },
  },
  /** An MCP server asks the user for input: a hook may answer (accept with content, decline, cancel); a block declines. */
  Elicitation: {
    mode: "hard",
    matchOn: "server",
    claude: { matchOn: "server" },
  },
  /** The answer is about to go to the server: a hook may change it; a block declines. */
  ElicitationResult: {
    mode: "hard",
    matchOn: "server",
    claude: { matchOn: "server" },
  },
  // `--worktree` (Claude Code's): hooks that make the worktree instead of `git worktree add`.
  /** Replaces the git step: the first hook's path (a command's last stdout line) is where the session runs; a failure is an error. */
  WorktreeCreate: {
    mode: "hard",
    matchOn: "none",
    givesWorktree: true,
    claude: { matchOn: "none" },
  },
  /** A worktree of the session was removed, or a hook-made one is left to its hook's owner: observational. */
  WorktreeRemove: {
    mode: "async",
    matchOn: "none",
    claude: { matchOn: "none" },
  },
  /**
   * The terminal's `/add-dir` added a folder the file tools may reach (matcher: `source`,
   * `slash_command`): observational. Claude Code groups' `systemMessage`s are for the model too.
   */
  DirectoryAdded: {
    mode: "async",
    matchOn: "source",
    claude: { matchOn: "source", mode: "feedback" },
  },
  /**
   * An assistant message is about to be shown: the last `hookSpecificOutput.displayContent` given is
   * shown instead. Display only — the transcript and the model keep the text; a block or a failure shows it as it was.
   */
  MessageDisplay: {
    mode: "hard",
    matchOn: "none",
    givesDisplay: true,
    // claude 2.1.328 waits 10 s for a MessageDisplay hook that sets no timeout of its own.
    claude: { matchOn: "none", defaultTimeoutS: 10 },
  },
} as const satisfies Record<string, EventRow>;

export const EVENT_SPECS = withDefaults(EVENT_ROWS);

export type HookEvent = keyof typeof EVENT_ROWS;

export const HOOK_EVENTS = Object.keys(EVENT_SPECS) as HookEvent[];

export function isHookEvent(name: string): name is HookEvent {
  return Object.hasOwn(EVENT_SPECS, name);
}

/**
 * Claude Code events codebot does not fire. Their hooks are skipped with a warning rather than
 * an error, so a Claude Code settings file with them still validates.
 */
export const UNSUPPORTED_CLAUDE_EVENTS: ReadonlySet<string> = new Set(["TeammateIdle"]);
