import type { AgentEvent } from "@codebot/agentcore";
import { type HookRunner, subagentTranscriptPath } from "@codebot/hooks";
import type { AgentHookScopes } from "../../agents/agent-hook-scopes.js";
import { GENERAL_PURPOSE, type SubagentHost } from "../../tools/agent-tool.js";
import { TranscriptWriter } from "../../transcript/transcript-writer.js";
import type { LastStopAttempt } from "../last-stop-attempt.js";
import type { SessionEvents, SubagentOrigin } from "../session-events.js";
import { StopHooks } from "../stop-hooks.js";
import { postToolBatchHooks } from "../tool-batch-hooks.js";
import type { SessionFiles } from "./session-files.js";
import type { Notify } from "./session-notices.js";

/** A sub-agent run in progress, as its tool calls' hooks and events name it. */
export interface SubagentRunInProgress {
  id: string;
  type: string;
  origin: SubagentOrigin;
}

/**
 * The sub-agent runs in progress, by name (the agent tool gives runs at once distinct names):
 * their hooks (SubagentStart, SubagentStop, the agent's own), their events, and their messages in
 * the session's transcript and their own.
 */
export class SubagentRuns {
  private readonly runs = new Map<string, SubagentRunInProgress>();
  /** Their own transcripts, by run name, while they run. */
  private readonly transcripts = new Map<string, TranscriptWriter>();
  /** What ends each running sub-agent's own hooks, by run id. */
  private readonly scopeEnds = new Map<string, () => void>();

  constructor(
    private readonly session: { events: SessionEvents; files: SessionFiles; cwd: string; notify: Notify },
  ) {}

  get(name: string): SubagentRunInProgress | undefined {
    return this.runs.get(name);
  }

  /** What the agent tool tells the session of each run: its start, events, messages and end. */
  host(
    runner: HookRunner,
    scopes: AgentHookScopes,
    maxAttempts: number,
    lastStopAttempt: LastStopAttempt,
  ): Pick<SubagentHost, "onEvent" | "recordMessage" | "started" | "onStop" | "afterToolCalls" | "stopped"> {
    const { files, cwd, notify } = this.session;
    return {
      onEvent: (agentName, event) => {
        if (event.type === "message_end") this.record(agentName, event.message, event);
        this.emit(agentName, event);
      },
      recordMessage: (agentName, message) => {
        this.record(agentName, message);
        // Its prompt is no event of its loop; the stream still writes it, as claude's does.
        this.emit(agentName, { type: "message_end", message });
      },
      started: async (run) => {
        // The agent's own hooks first, so its SubagentStart hooks fire too.
        this.scopeEnds.set(run.id, scopes.enter(run));
        // Its own transcript too, where Claude Code keeps one (SubagentStop's agent_transcript_path).
        const file = subagentTranscriptPath(files.transcriptPath, files.id, run.id);
        const origin: SubagentOrigin = {
          id: run.id,
          subagentType: run.agent?.name ?? GENERAL_PURPOSE,
          toolUseId: run.toolUseId,
          transcriptPath: file,
          ...(run.description !== undefined ? { description: run.description } : {}),
          ...(run.background ? { background: true } : {}),
        };
        this.runs.set(run.name, { id: run.id, type: run.type, origin });
        this.transcripts.set(
          run.name,
          new TranscriptWriter(file, files.id, cwd, notify, undefined, files.storage),
        );
        const decision = await runner.fire("SubagentStart", {
          agent: run.type,
          agentName: run.name,
          agentId: run.id,
        });
        return decision.kind === "stop" ? undefined : decision.context;
      },
      onStop: (run) =>
        new StopHooks({
          event: "SubagentStop",
          fire: (input, lastAttempt) =>
            lastStopAttempt.during(lastAttempt, () =>
              runner.subagentStop({ agent: run.type, agentName: run.name, agentId: run.id, ...input }),
            ),
          configured: () => runner.hasHooks("SubagentStop"),
          maxAttempts,
        }).onStop,
      afterToolCalls: (run, stop) => postToolBatchHooks(runner, stop, run.name),
      stopped: async (run, lastAssistantMessage, end) => {
        if (end !== "natural stop")
          void runner.subagentStop({
            agent: run.type,
            agentName: run.name,
            agentId: run.id,
            stopHookActive: false,
            ...(lastAssistantMessage !== undefined ? { lastAssistantMessage } : {}),
            // Claude Code groups sit this one out, as claude fires none for a stopped run.
            ...(end === "stopped" ? { runStopped: true } : {}),
          });
        // SubagentStop has picked its hooks (the agent's own among them): they leave with the run.
        this.scopeEnds.get(run.id)?.();
        this.scopeEnds.delete(run.id);
        this.runs.delete(run.name);
        this.transcripts.delete(run.name);
      },
    };
  }

  private emit(agentName: string, event: AgentEvent): void {
    const origin = this.runs.get(agentName)?.origin;
    this.session.events.emit({ kind: "agent", agentName, event, ...(origin ? { subagent: origin } : {}) });
  }

  /** A sub-agent's message goes to the session's transcript and to its own. */
  private record(
    agentName: string,
    message: Parameters<TranscriptWriter["append"]>[0],
    step: Parameters<TranscriptWriter["append"]>[3] = {},
  ): void {
    const run = this.runs.get(agentName);
    const marks = run ? { agentId: run.id } : {};
    // In the run's own transcript only, as claude 2.1.328 keeps them (recorded): hooks that read the
    // session's transcript (claudekit's self-review looks for its last review there) see the main
    // conversation alone. The session's transcript only for a run without a file of its own.
    const own = this.transcripts.get(agentName);
    (own ?? this.session.files.transcript).append(message, agentName, marks, step);
  }
}
