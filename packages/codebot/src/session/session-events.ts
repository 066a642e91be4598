import type { AgentEvent } from "@codebot/agentcore";
import type {
  CompactTrigger,
  HookEnd,
  HookNoVerdict,
  HookProgress,
  HookStart,
  TraceRecord,
} from "@codebot/hooks";
import type { ModelMessage } from "ai";
import type { EndStatus } from "../agents/background-agents.js";
import type { SteeredOrigin } from "../agents/steered-origins.js";
import type { PermissionMode } from "../settings/runtime-settings.js";

/**
 * What a session reports: every kernel event of the main agent and of sub-agents (tagged with the
 * agent's name), every hook as it starts (with its `statusMessage`, to show while it runs), its output
 * as it runs and when it ends, and its trace record once considered, and notices meant for the user (stderr in the CLI).
 */
export type SessionEvent =
  /** `steered`: a main-agent message steered into the turn, where it came from (steered-origins.ts). */
  | {
      kind: "agent";
      agentName: string;
      event: AgentEvent;
      subagent?: SubagentOrigin;
      steered?: SteeredOrigin;
    }
  | { kind: "hook_start"; start: HookStart }
  /** A started command hook still runs: its output so far, about once a second while it grows. */
  | { kind: "hook_progress"; progress: HookProgress }
  /** A started hook has finished: its output, before its trace record. */
  | { kind: "hook_end"; end: HookEnd }
  /** `endsRun`: a Stop or SubagentStop hook's block at the attempts cap, which ends the (sub-)agent's run instead of sending it back. */
  | { kind: "hook"; record: TraceRecord; endsRun?: true }
  | { kind: "notice"; message: string }
  /** A PreToolUse hook gave no verdict and its call went ahead unchecked (once per hook, no-verdict.ts): claude's `hook_no_verdict` line. */
  | { kind: "hook_no_verdict"; noVerdict: HookNoVerdict }
  /**
   * A UserPromptSubmit hook kept a message out of the turn in progress, which goes on without it:
   * a background run's notification or an Agent SDK message folded into the turn
   * (folded-notifications.ts). `shown` is the
   * hook's reason as claude shows it; `prompt` what the hook saw.
   */
  | { kind: "prompt_blocked"; reason: string; shown: string; prompt: string }
  /**
   * A background run's notification passed UserPromptSubmit and joined the turn in progress
   * (folded-notifications.ts): the terminal shows its summary line, as for a notification's own turn.
   */
  | { kind: "notification_joined"; notification: string }
  /** The prompt passed UserPromptSubmit (and its expansion) and goes to the model. */
  | { kind: "prompt_accepted" }
  /** The model switched the permission mode (enter_plan_mode, an approved exit_plan_mode). */
  | { kind: "permission_mode"; mode: PermissionMode }
  /** The session's title changed (`--name`, a hook's `sessionTitle`). */
  | { kind: "title"; title: string }
  /** A hook's `terminalSequence` (allowed OSC/BEL only): for the user's terminal, if there is one. */
  | { kind: "terminal_sequence"; sequence: string }
  /** The conversation is being summarised (`start`), and how that ended (compaction.ts). */
  | ({ kind: "compaction" } & CompactionReport)
  /** A background shell (bash's `run_in_background`) started or ended (background-bash.ts). */
  | { kind: "background_shell"; shell: BackgroundShellReport };

/** A background shell as it starts, and (with `end`) as it ends. */
export interface BackgroundShellReport {
  /** Its task id (`b` and 8 letters or digits). */
  id: string;
  /** The main agent's `bash` call that started it. */
  toolUseId: string;
  /** The call's `description`, else its command. */
  description: string;
  outputFile: string;
  /** How it ended (`killed`: stopped or past its time limit) and claude's summary of that. */
  end?: { status: EndStatus; summary: string };
}

/** What a compaction reports as it goes. */
export type CompactionReport =
  | { phase: "start"; trigger: CompactTrigger }
  | { phase: "end"; trigger: CompactTrigger; outcome: CompactionEnd };

/** How a compaction's summary ended: the history it made, or why there is none. */
export type CompactionEnd =
  | {
      compacted: true;
      /** The message that carries the summary, first of the compacted history. */
      summary: ModelMessage;
      tokensBefore: number;
      tokensAfter: number;
      /** The tokens the session's compactions have taken out of its context so far, this one's too. */
      droppedTokens: number;
      durationMs: number;
      /** The transcript line the history was at (its boundary's `logicalParentUuid`). */
      logicalParent: string | null;
    }
  | { compacted: false; error: string };

/** Which run of which sub-agent an event is of, and the main agent's call that started it. */
export interface SubagentOrigin {
  /** Claude Code's `agent_id` of the run. */
  id: string;
  /** The `subagent_type` it runs: a custom agent's name, or `general-purpose`. */
  subagentType: string;
  /** The id of the main agent's `agent` tool call that started it. */
  toolUseId?: string;
  /** The call's `description` of the task, when it gave one. */
  description?: string;
  /** Its own transcript (SubagentStop's `agent_transcript_path`). */
  transcriptPath?: string;
  /** Started with `run_in_background` (claude's `is_backgrounded`). */
  background?: boolean;
}

export type SessionListener = (event: SessionEvent) => void;

/** Fans session events out to listeners; a failing listener is reported, never fatal. */
export class SessionEvents {
  private readonly listeners = new Set<SessionListener>();

  subscribe(listener: SessionListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: SessionEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        process.emitWarning(`session: event listener failed on ${event.kind}: ${(error as Error).message}`);
      }
    }
  }
}
