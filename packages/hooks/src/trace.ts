/**
 * Trace records (§10): one per hook considered, saying whether it matched, why it was skipped,
 * how it ran and what it decided. Delivered to a callback and optionally appended to a JSONL file
 * (trace-file.ts).
 */
import type { HookEvent } from "./events.js";
import type { SettingsSource } from "./settings-layer.js";

/**
 * Why a hook did not run. `managed hooks only`: the managed settings' `allowManagedHooksOnly`;
 * `hooks disabled`: `disableAllHooks` outside the managed settings, which leaves the managed hooks on;
 * `duplicate`: a Claude Code hook with the same command already ran for
 * this firing (§11); `failed call`: a Claude Code PostToolUse hook, for a call that failed
 * (Claude Code runs PostToolUseFailure instead); `stopped run`: a Claude Code SubagentStop hook, for a
 * sub-agent run that was stopped, or PostToolUseFailure hook, for a call cut off by the run's
 * interrupt (Claude Code fires neither then); `not started`: a matched
 * run whose executor never started (its timeout passed waiting for its turn, or it was abandoned at
 * exit while queued), so no `HookStart` comes before its record.
 */
export type SkipReason =
  | "matcher"
  | "if"
  | "disabled"
  | "not approved"
  | "all hooks disabled"
  | "managed hooks only"
  | "hooks disabled"
  | "duplicate"
  | "failed call"
  | "stopped run"
  | "not started";

/**
 * How a run ended. `cancelled`: stopped because the run it was part of was (Esc or Ctrl+C, a
 * sub-agent stopped, the session ended) or given up at exit — not the hook's failure; the record's
 * `cancelReason` says why.
 */
export type TraceOutcome = "allowed" | "blocked" | "failed" | "timed out" | "cancelled";

/** What one hook's run decided, as recorded. */
export interface TraceDecision {
  block: boolean;
  reason?: string;
  additionalContext?: string;
  updatedInput?: Record<string, unknown>;
  /** Why a block did not count (a non-blocking hook, an async event). */
  ignored?: string;
  /** Claude Code's `permissionDecision` allow or ask. */
  permission?: "allow" | "ask";
  /** Why an `allow` did not count (a call its `if` does not cover whole: if-allow.ts). */
  permissionIgnored?: string;
  /** `continue: false`: the hook asked to end the run, for this reason. */
  stopRun?: string;
}

export interface TraceRecord {
  /** ISO time the hook was considered. */
  time: string;
  /** The session the event fired in: an audit trail of several sessions (one --trace-file) tells them apart. */
  sessionId?: string;
  event: HookEvent;
  /** The tool call the event is about (tool events only): which call a failed delivery was for. */
  toolUseId?: string;
  /** The hook's name. */
  hook: string;
  source: SettingsSource;
  /** The settings file it came from. */
  file: string;
  matched: boolean;
  skipped?: SkipReason;
  approval?: "approved" | "denied";
  approvalReason?: string;
  durationMs?: number;
  exitCode?: number | null;
  outcome?: TraceOutcome;
  /** Why, when the outcome is `cancelled`: `interrupted by the user`, `abandoned at exit while running`, … */
  cancelReason?: string;
  decision?: TraceDecision;
  error?: string;
  /** Streams cut at their cap. */
  truncated?: string[];
  /** Parts of the output that could not be used, and what the executor noticed (an http header sent empty). */
  warnings?: string[];
  /** Started in the background (`async: true`); nothing waited for it. */
  background?: boolean;
}

/**
 * A hook is about to run: approved (when approval is asked) and its executor starting now. The
 * moment to show its `statusMessage` (§3.1); the trace record follows when it has finished.
 */
export interface HookStart {
  /** This run's id, shared with its `HookEnd`: concurrent runs of one hook are told apart. */
  runId: string;
  event: HookEvent;
  /** The hook's name. */
  hook: string;
  source: SettingsSource;
  /** The settings file it came from. */
  file: string;
  statusMessage?: string;
  /** The tool call the event is about (tool events only). */
  toolUseId?: string;
  /**
   * What Claude Code's matcher for the event is compared with (the tool, a SessionStart's source),
   * absent for an event without a matcher: Claude Code names a running hook `<event>:<subject>`.
   */
  subject?: string;
}

/** A started run is still running: its output so far. */
export interface HookProgress {
  /** Its start's `runId`. */
  runId: string;
  stdout: string;
  stderr: string;
  /** Both, in the order their pieces came. */
  output: string;
}

/** A started run has finished: what its executor gave back (for http: the body; prompt: the verdict). */
export interface HookEnd {
  /** Its start's `runId`. */
  runId: string;
  stdout: string;
  stderr: string;
  /** A command hook's stdout and stderr together, in the order their pieces came. */
  output?: string;
  /** null when it did not exit by itself (timed out, killed, not a command). */
  exitCode: number | null;
  /** It failed, timed out, or exited with a code other than 0 or 2. */
  failed: boolean;
  /** How its trace record says it ended (`cancelled`: stopped with the run it was part of). */
  outcome?: TraceOutcome;
  /** Its `systemMessage`, the message for the user it answered. */
  systemMessage?: string;
}
