/**
 * Claude Code's hook lifecycle lines in stream-json (checked against `claude` 2.1.328): a
 * `system`/`hook_started` line as a hook starts, `system`/`hook_progress` lines with a command
 * hook's output so far while it grows, and a `system`/`hook_response` line with its output once it
 * has finished, paired by `hook_id`. Claude Code writes them for SessionStart (and
 * Setup) hooks always, for every event's hooks but SessionEnd's with `--include-hook-events`. codebot's own
 * `hook_start` and `hook` lines (claude-stream.ts) are written beside them, unchanged. A hook's
 * `systemMessage` gets claude's `<hook name> says:` line (hook-says-line.ts) after its end, with or
 * without the flag (not a SessionStart or SessionEnd hook's). A Stop hook that sends the agent back
 * or fails gets claude's `stop-hook-error` notification, once a run (stop-problem-line.ts).
 */
import { randomUUID } from "node:crypto";
import type { HookEnd, HookEvent, HookStart } from "@codebot/hooks";
import type { SessionEvent } from "../../session/session-events.js";
import { hookSaysLine } from "./hook-says-line.js";
import { isStopProblem, stopProblemLine } from "./stop-problem-line.js";
import type { WireObject } from "./wire.js";

/** The events whose hooks claude reports without `--include-hook-events`. */
const ALWAYS_REPORTED: ReadonlySet<HookEvent> = new Set(["SessionStart", "Setup"]);
/** claude runs SessionEnd hooks after the `result` line and reports them in no line, even with the flag. */
const NEVER_REPORTED: ReadonlySet<HookEvent> = new Set(["SessionEnd"]);
/** claude 2.1.328 `-p` writes no `says:` line for these hooks' `systemMessage` (recorded). */
const NOT_SAID: ReadonlySet<HookEvent> = new Set(["SessionStart", "SessionEnd"]);

export class ClaudeHookLines {
  /** The started runs waiting for their end, by run id. */
  private readonly running = new Map<string, HookStart>();
  /** claude's `stop-hook-error` notification has been written: once a run. */
  private stopProblemTold = false;

  /** `all`: `--include-hook-events`, every event's hooks. `sessionId`: the current one (a `/clear` starts another). */
  constructor(
    private readonly sessionId: () => string,
    private readonly all: boolean,
  ) {}

  /** Whether the hooks of `event` get lines. */
  reports(event: HookEvent): boolean {
    if (NEVER_REPORTED.has(event)) return false;
    return this.all || ALWAYS_REPORTED.has(event);
  }

  /** The lines of a session event: none when it is not a hook's start or end, or nothing of it is reported. */
  lines(event: SessionEvent): WireObject[] {
    if (event.kind === "hook_start") {
      const start = event.start;
      // Every start is kept until its end: a hook whose lines are not written may still say something.
      this.running.set(start.runId, start);
      if (!this.reports(start.event)) return [];
      return [{ type: "system", subtype: "hook_started", ...this.names(start), ...this.base() }];
    }
    if (event.kind === "hook_progress") {
      const { progress } = event;
      const start = this.running.get(progress.runId);
      if (!start || !this.reports(start.event)) return [];
      return [
        {
          type: "system",
          subtype: "hook_progress",
          ...this.names(start),
          stdout: progress.stdout,
          stderr: progress.stderr,
          output: progress.output,
          ...this.base(),
        },
      ];
    }
    if (event.kind === "hook_end") {
      const { end } = event;
      const start = this.running.get(end.runId);
      if (!start) return [];
      this.running.delete(end.runId);
      const says: WireObject[] =
        end.systemMessage === undefined || NOT_SAID.has(start.event)
          ? []
          : [{ ...hookSaysLine(this.names(start).hook_name as string, end.systemMessage), ...this.base() }];
      if (!this.stopProblemTold && isStopProblem(start, end)) {
        this.stopProblemTold = true;
        says.push({ ...stopProblemLine(), ...this.base() });
      }
      if (!this.reports(start.event)) return says;
      const response: WireObject = {
        type: "system",
        subtype: "hook_response",
        ...this.names(start),
        // Both streams as they came, as claude's; an http or prompt hook has its body or verdict alone.
        output: end.output ?? end.stdout + end.stderr,
        stdout: end.stdout,
        stderr: end.stderr,
        ...exitCodeOf(end),
        outcome: responseOutcome(end),
        ...this.base(),
      };
      return [response, ...says];
    }
    return [];
  }

  private names(start: HookStart): WireObject {
    return {
      hook_id: start.runId,
      hook_name: hookName(start),
      hook_event: start.event,
    };
  }

  private base(): WireObject {
    return { uuid: randomUUID(), session_id: this.sessionId() };
  }
}

/**
 * claude's hook name: the event and what its matcher was compared with, but the event alone for
 * SubagentStart and SubagentStop (claude 2.1.328 wrote `SubagentStop` for a general-purpose run,
 * recorded; its naming function leaves the agent type out of both).
 */
function hookName(start: HookStart): string {
  const bare =
    start.subject === undefined || start.event === "SubagentStart" || start.event === "SubagentStop";
  return bare ? start.event : `${start.event}:${start.subject}`;
}

/**
 * claude's `exit_code`, an optional integer in its types (never null): 1 for a hook stopped before
 * it exited — its run cancelled or its timeout passed (claude 2.1.328 writes 1 for both, recorded) —
 * and no field for one that has no exit code of its own (an http or prompt hook, a command that
 * could not start), as claude leaves it out when it has none.
 */
function exitCodeOf(end: HookEnd): { exit_code?: number } {
  if (end.exitCode !== null) return { exit_code: end.exitCode };
  return stoppedEarly(end) ? { exit_code: 1 } : {};
}

/** Stopped before it ended by itself: its run cancelled, or its timeout passed. */
function stoppedEarly(end: HookEnd): boolean {
  return end.outcome === "cancelled" || end.outcome === "timed out";
}

/**
 * claude's `outcome` for a finished hook: `cancelled` for one stopped before it ended by itself —
 * its run cancelled (Ctrl+C) or its timeout passed (claude 2.1.328 says `cancelled` for both).
 */
function responseOutcome(end: HookEnd): "success" | "error" | "cancelled" {
  if (stoppedEarly(end)) return "cancelled";
  return end.failed || end.exitCode !== 0 ? "error" : "success";
}
