/**
 * Claude Code's task lines for a sub-agent's run in stream-json, as claude 2.1.328 writes them
 * (recorded): `task_started` as it starts, `task_progress` as each of its tool calls starts (what
 * it is doing, claude's words, and its counts so far), then `task_updated` (its status) and
 * `task_notification` (its final text and usage) as it ends. The task id is the run's `agent_id`.
 * A background run's start and end also give `background_tasks_changed`, the runs going after it.
 * Each names the run's `run_id` too, as claude's do: claude's is an id of its own (its agent can be
 * resumed, a run each time, under one task id); a codebot run is its task, so it is the `task_id`,
 * as a notification turn's `origin.runId` is (result-object.ts).
 *
 * A background shell (bash's `run_in_background`) gets claude 2.1.328's lines for one (recorded):
 * `background_tasks_changed` and `task_started` (`task_type` `local_bash`) before the call's result,
 * then no `task_progress`, and `task_updated`, `task_notification` (no usage) and
 * `background_tasks_changed` as it ends, stopped or not.
 */
import { claudeToolName } from "@codebot/hooks";
import type { ModelMessage } from "ai";
import { RunProgress } from "../../agents/run-progress.js";
import { finalText } from "../../session/prompt-result.js";
import type { BackgroundShellReport, SessionEvent } from "../../session/session-events.js";
import { toolActivity } from "./tool-activity.js";
import type { WireObject } from "./wire.js";

interface Run {
  startedAt: number;
  progress: RunProgress;
}

/** A background run as `background_tasks_changed` lists it. */
type BackgroundEntry = Record<string, string>;

export class TaskLines {
  private readonly runs = new Map<string, Run>();
  /** The background runs and shells going now, in the order they started. */
  private readonly background = new Map<string, BackgroundEntry>();

  /** A background shell's lines: as it starts (before its call's result), and as it ends. */
  shellLines(shell: BackgroundShellReport, base: () => WireObject): WireObject[] {
    const ids = { task_id: shell.id, run_id: shell.id };
    if (shell.end === undefined) {
      this.background.set(shell.id, { ...ids, task_type: "local_bash", description: shell.description });
      return [
        this.backgroundChanged(base),
        {
          type: "system",
          subtype: "task_started",
          ...ids,
          tool_use_id: shell.toolUseId,
          description: shell.description,
          is_backgrounded: true,
          task_type: "local_bash",
          ...base(),
        },
      ];
    }
    this.background.delete(shell.id);
    const { status, summary } = shell.end;
    return [
      { type: "system", subtype: "task_updated", ...ids, patch: { status, end_time: Date.now() }, ...base() },
      {
        type: "system",
        subtype: "task_notification",
        ...ids,
        tool_use_id: shell.toolUseId,
        status: status === "killed" ? "stopped" : status,
        output_file: shell.outputFile,
        summary,
        ...base(),
      },
      this.backgroundChanged(base),
    ];
  }

  /** The task lines an event opens or closes: before the event's own lines at a run's start, after them at its end. */
  lines(event: SessionEvent, base: () => WireObject): { before: WireObject[]; after: WireObject[] } {
    const none = { before: [], after: [] };
    if (event.kind !== "agent" || event.subagent === undefined) return none;
    const { subagent: origin, event: e } = event;
    const opened = this.runs.get(origin.id);
    if (opened === undefined) {
      const startedAt = Date.now();
      this.runs.set(origin.id, { startedAt, progress: new RunProgress(startedAt) });
      // The run's first event is its prompt (the agent tool records it before the loop runs).
      const prompt = e.type === "message_end" && e.message.role === "user" ? textOf(e.message) : undefined;
      const started: WireObject = {
        type: "system",
        subtype: "task_started",
        task_id: origin.id,
        run_id: origin.id,
        ...(origin.toolUseId !== undefined ? { tool_use_id: origin.toolUseId } : {}),
        description: origin.description ?? "",
        subagent_type: origin.subagentType,
        is_backgrounded: origin.background === true,
        spawn_depth: 1,
        task_type: "local_agent",
        ...(prompt !== undefined ? { prompt } : {}),
        ...base(),
      };
      if (origin.background !== true) return { before: [started], after: [] };
      this.background.set(origin.id, {
        task_id: origin.id,
        run_id: origin.id,
        task_type: "local_agent",
        subagent_type: origin.subagentType,
        description: origin.description ?? "",
      });
      return { before: [this.backgroundChanged(base), started], after: [] };
    }
    const { progress } = opened;
    progress.see(e, Date.now());
    if (e.type === "tool_execution_start")
      return {
        before: [],
        after: [
          {
            type: "system",
            subtype: "task_progress",
            task_id: origin.id,
            run_id: origin.id,
            ...(origin.toolUseId !== undefined ? { tool_use_id: origin.toolUseId } : {}),
            description: toolActivity(e.call),
            subagent_type: origin.subagentType,
            usage: {
              total_tokens: progress.tokens,
              tool_uses: progress.calls.length,
              duration_ms: Date.now() - opened.startedAt,
            },
            last_tool_name: claudeToolName(e.call.name),
            ...base(),
          },
        ],
      };
    if (e.type !== "agent_end") return none;
    this.runs.delete(origin.id);
    const wasBackground = this.background.delete(origin.id);
    const ended = e.reason === "stop" ? "completed" : e.reason === "aborted" ? "killed" : "failed";
    return {
      before: [],
      after: [
        {
          type: "system",
          subtype: "task_updated",
          task_id: origin.id,
          run_id: origin.id,
          patch: { status: ended, end_time: Date.now() },
          ...base(),
        },
        {
          type: "system",
          subtype: "task_notification",
          task_id: origin.id,
          run_id: origin.id,
          ...(origin.toolUseId !== undefined ? { tool_use_id: origin.toolUseId } : {}),
          status: ended === "killed" ? "stopped" : ended,
          // claude writes the run's output to a file of its own; codebot's is the run's transcript.
          output_file: origin.transcriptPath ?? "",
          summary: finalText(e.newMessages),
          // claude's background run says its summary is the run's report; a foreground one does not (recorded).
          ...(wasBackground ? { summary_is_report: true } : {}),
          usage: {
            // Its last request's tokens, as claude counts them (recorded), not their sum.
            total_tokens: progress.tokens,
            tool_uses: progress.toolUses,
            duration_ms: Date.now() - opened.startedAt,
          },
          ...base(),
        },
        ...(wasBackground ? [this.backgroundChanged(base)] : []),
      ],
    };
  }

  /** claude's `background_tasks_changed`: every background run still going, after a change. */
  private backgroundChanged(base: () => WireObject): WireObject {
    return {
      type: "system",
      subtype: "background_tasks_changed",
      tasks: [...this.background.values()],
      ...base(),
    };
  }
}

/** The task as the call gave it: the prompt's last text part (hooks' context comes before it, userTurn). */
function textOf(message: ModelMessage): string {
  if (typeof message.content === "string") return message.content;
  const last = message.content.at(-1);
  return last !== undefined && "text" in last && typeof last.text === "string" ? last.text : "";
}
