/**
 * What firing an event decided, as one union the caller switches on (§7). `reason` is always
 * present; the default wording lives here and only here.
 */
import type { PermissionUpdate } from "./permission-updates.js";
import type { TraceRecord } from "./trace.js";

export const DEFAULT_BLOCK_REASON = "blocked by hook";
export const DEFAULT_STOP_REASON = "stopped by hook";

/** Claude Code's `permissionDecision` allow or ask (PreToolUse, §11), from the hook named `by`. */
export interface PermissionAnswer {
  answer: "allow" | "ask";
  reason?: string;
  by: string;
  /** PermissionRequest's allow: the changes the hook asked for with it (`updatedPermissions`). */
  updatedPermissions?: PermissionUpdate[];
}

/** Nothing vetoed. */
export interface Allow {
  kind: "allow";
  /** Context from the hooks, joined with a blank line. */
  context?: string;
  /** PreCompact: the first hook's `hookSpecificOutput.summary` (used instead of asking the model). */
  summary?: string;
  /** WorktreeCreate: the directory the first hook made (a command's last stdout line, `hookSpecificOutput.worktreePath`). */
  worktreePath?: string;
  /** MessageDisplay: the last `displayContent` a hook gave (claude's last wins), shown instead of the text. */
  displayContent?: string;
  /** PreToolUse only: the arguments after every rewrite, and the hook that made the last one. */
  updatedInput?: Record<string, unknown>;
  updatedBy?: string;
  permission?: PermissionAnswer;
  /** PostToolUse (Claude Code groups): every replacement of the result the hooks gave, in order. */
  updatedOutputs?: UpdatedOutput[];
  /** Elicitation, ElicitationResult: the first hook's answer for the MCP server. */
  elicitation?: ElicitationAnswer & { by: string };
  /** SessionStart, CwdChanged, FileChanged: every `watchPaths` the hooks gave, in order, without repeats. */
  watchPaths?: string[];
  /** SessionStart, UserPromptSubmit: the last `sessionTitle` a hook gave (Claude Code's last wins). */
  sessionTitle?: string;
  /** SessionStart: the last `initialUserMessage` a hook gave, a prompt to send first (Claude Code's `-p`). */
  initialUserMessage?: string;
  /** SessionStart: some hook answered `reloadSkills: true`. */
  reloadSkills?: true;
  /** Waited-for Claude Code groups: every `systemMessage` they gave, in order (claude gives DirectoryAdded's to the model). */
  systemMessages?: string[];
}

/** A hook's answer to an MCP server's request for input (`hookSpecificOutput.action`, `content`). */
export interface ElicitationAnswer {
  action: "accept" | "decline" | "cancel";
  content?: Record<string, unknown>;
}

/**
 * What a hook gave as a tool's result instead of the real one, and the hook: Claude Code's
 * `updatedToolOutput` (in the tool's result shape), or its `updatedMCPToolOutput` (`mcpOnly`).
 */
export interface UpdatedOutput {
  value: unknown;
  mcpOnly: boolean;
  by: string;
}

/**
 * The hook named `by` vetoed (a soft event: its validation failed, `reason` is the feedback). For
 * events whose Claude Code groups only give feedback (PostToolUse), `reason` joins every block
 * reason and `context` is what the other hooks added.
 */
export interface Block {
  kind: "block";
  reason: string;
  by: string;
  /** How Claude Code shows this block to the user, where that is not `reason` (claude-block-notice.ts). */
  notice?: string;
  context?: string;
  updatedOutputs?: UpdatedOutput[];
  /** As Allow's: the waited-for Claude Code groups' `systemMessage`s. */
  systemMessages?: string[];
}

/** The hook named `by` answered `continue: false`: the run is to end, for `reason` (§11). */
export interface Stop {
  kind: "stop";
  reason: string;
  by: string;
  /** PermissionRequest's `interrupt: true`, not `continue: false`: claude ends the run as the user's interrupt. */
  interrupt?: true;
  /**
   * The same hook also refused the call (a `deny` or block beside its `continue: false`), for this
   * reason: the call is refused as a block is, and the run ends (claude 2.1.328).
   */
  refusal?: string;
}

export type Ruling = Allow | Block | Stop;

/** A ruling with the trace record of every hook considered, in configuration order. */
export type Decision = Ruling & { trace: TraceRecord[] };

/**
 * `hook: <reason>` for a block, and for a stop whose hook also refused the call (its refusal's
 * reason, as claude's model reads it); `hook: run stopped by <hook>: <reason>` for another stop.
 */
export function toolRefusal(decision: Block | Stop): string {
  if (decision.kind === "block") return `hook: ${decision.reason}`;
  return decision.refusal !== undefined
    ? `hook: ${decision.refusal}`
    : `hook: run stopped by ${decision.by}: ${decision.reason}`;
}
