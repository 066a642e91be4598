/**
 * The shape of a row of the event table (events.ts): how an event's hooks run, what their
 * matchers are compared with, and how Claude Code groups of it differ.
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
  /**
   * A block by one of them does not end the firing: the later hooks still run, and every block
   * reason reaches the model (Claude Code runs a Stop's hooks together and passes on each one's).
   */
  joinsBlocks?: boolean;
  /** How long a hook that sets no `timeout` of its own may run, when Claude Code gives the event its own default. */
  defaultTimeoutS?: number;
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
  /**
   * WorktreeCreate: the hooks make something the caller needs — the first one's path is the answer
   * (`worktreePath`), and any hook that fails, blocks or is not approved ends the firing as a block.
   */
  givesWorktree?: true;
  /**
   * MessageDisplay: the hooks only change what is shown — each one that succeeds may give
   * `displayContent` (the last given wins); a block or a failure is that hook showing the text as it
   * was, never the end of the firing.
   */
  givesDisplay?: true;
  /** Payload fields that are constant for the event (§5). */
  fixed: { tool?: string; message?: string };
  claude: ClaudeEventSpec;
}

/** A row as written in the table: `ifOn` defaults to "none", `rewritesArgs` to false, `fixed` to {}. */
export type EventRow = Omit<EventSpec, "ifOn" | "rewritesArgs" | "fixed"> &
  Partial<Pick<EventSpec, "ifOn" | "rewritesArgs" | "fixed">>;

/** The rows with their defaults filled in; each keeps its literal `mode` and `claude` for typing what firing returns. */
export function withDefaults<R extends Record<string, EventRow>>(
  rows: R,
): { [E in keyof R]: EventSpec & Pick<R[E], "mode" | "claude"> } {
  const specs: Record<string, EventSpec> = {};
  for (const [event, row] of Object.entries(rows))
    specs[event] = { ifOn: "none", rewritesArgs: false, fixed: {}, ...row };
  return specs as { [E in keyof R]: EventSpec & Pick<R[E], "mode" | "claude"> };
}
