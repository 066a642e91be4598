import type { BackgroundTask } from "@codebot/hooks";
import type { ModelMessage } from "ai";
import { RunProgress } from "./run-progress.js";

/** What the background runs need of the main agent: its steering queue (agentcore's Agent). */
export interface MainAgentInbox {
  readonly state: "idle" | "running";
  steer(text: string): void;
  takeQueued(): ModelMessage[];
}

/** A background run going, with when it started (ms since the epoch), the prompt it was given and how far it got. */
export interface GoingTask extends BackgroundTask {
  startedAt: number;
  prompt: string;
  progress: Readonly<RunProgress>;
  /** A shell's: the last lines of its output so far (for `/tasks <n>`). */
  lastOutput?: OutputLines;
}

/** The last `count` lines a background shell has written so far. */
export type OutputLines = (count: number) => string[];

/** How a background run ended: claude's notification `status`. */
export type EndStatus = "completed" | "failed" | "killed";

/** A background run that has ended, for `/tasks` (claude's "Earlier in this session"). */
export interface EndedTask extends GoingTask {
  status: EndStatus;
}

/** What a background run's work resolves to: its notification (none: the model is told nothing) and how it ended. */
export interface RunEnd {
  notification: string | undefined;
  status: EndStatus;
}

/**
 * The sub-agents and shells running in the background (the agent and bash tools' `run_in_background`). As in claude
 * 2.1.328 (recorded), each reports back once it ends, with a `<task-notification>` message: the
 * message is steered to the main agent, so a run in progress gets it before its next model step;
 * one that ends while the main agent is idle waits in that queue for `next()`, which gives it back
 * for a turn of its own (`-p` runs one per notification before it ends, as claude's does).
 */
export class BackgroundAgents {
  private readonly runs = new Map<
    string,
    {
      task: BackgroundTask;
      prompt: string;
      startedAt: number;
      progress: RunProgress;
      lastOutput?: OutputLines;
      controller: AbortController;
      done: Promise<void>;
      byUser?: true;
    }
  >();
  /** The runs that have ended, in the order they ended. */
  private readonly endedRuns: EndedTask[] = [];
  private waiters: (() => void)[] = [];
  private stopped = false;

  constructor(private readonly main: MainAgentInbox) {}

  /** How many runs are still going. */
  get running(): number {
    return this.runs.size;
  }

  /** The runs still going, for Stop's and SubagentStop's `background_tasks`. */
  list(): BackgroundTask[] {
    return [...this.runs.values()].map((run) => run.task);
  }

  /**
   * Starts `work` with its own abort signal and the progress its loop's events go to; what it
   * resolves to is the notification. Refused (false) once the session is stopping them all.
   * `prompt` is the run's, for `/tasks`; `lastOutput` a shell's output so far, for `/tasks <n>`.
   */
  start(
    task: BackgroundTask,
    work: (signal: AbortSignal, progress: RunProgress) => Promise<RunEnd>,
    prompt = "",
    lastOutput?: OutputLines,
  ): boolean {
    const { id } = task;
    if (this.stopped) return false;
    const controller = new AbortController();
    const startedAt = Date.now();
    const progress = new RunProgress(startedAt);
    const done = work(controller.signal, progress)
      .then(({ notification, status }) => {
        this.endedRuns.push({ ...task, startedAt, prompt, progress, status });
        // Stopped with the session: nothing is left to read it (claude's killed runs say nothing
        // either); stopped at the prompt (stopGoing): the session says so with the next prompt.
        if (notification !== undefined && !this.stopped && this.runs.get(id)?.byUser !== true)
          this.main.steer(notification);
      })
      .catch(() => undefined)
      .finally(() => {
        this.runs.delete(id);
        this.wake();
      });
    this.runs.set(id, {
      task,
      prompt,
      startedAt,
      progress,
      controller,
      done,
      ...(lastOutput !== undefined ? { lastOutput } : {}),
    });
    return true;
  }

  /**
   * With the main agent idle: the notifications that wait for a turn, as that turn's prompt (two
   * that ended together share one); waits while runs are going and none waits. Undefined once no
   * run is left and nothing waits.
   */
  async next(): Promise<string | undefined> {
    for (;;) {
      if (this.main.state === "idle") {
        const queued = this.main.takeQueued().map(textOf);
        if (queued.length > 0) return queued.join("\n\n");
      }
      if (this.runs.size === 0 || this.stopped) return undefined;
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  /**
   * The main agent's turn has ended: a waiting `next()` looks at the queue again. A run that ended
   * during the turn's last step, after its last look at the queue, left its notification there,
   * and an interactive session's `next()`, waiting for the other runs, would not see it till one ends.
   */
  turnEnded(): void {
    this.wake();
  }

  /** The runs still going that nobody has asked to stop: what leaving the session would stop, and `/tasks` lists. */
  going(): GoingTask[] {
    return [...this.runs.values()]
      .filter((run) => !run.controller.signal.aborted)
      .map((run) => ({
        ...run.task,
        startedAt: run.startedAt,
        prompt: run.prompt,
        progress: run.progress,
        ...(run.lastOutput !== undefined ? { lastOutput: run.lastOutput } : {}),
      }));
  }

  /** The runs that have ended this session, in the order they ended (claude's `/tasks` lists them too). */
  ended(): readonly EndedTask[] {
    return this.endedRuns;
  }

  /**
   * Ctrl+C at the prompt: every sub-agent going is stopped, and its notification dropped — no turn
   * starts for it (claude 2.1.328's, recorded: "Background agents stopped", no request followed).
   * Shells run on, as claude's did (recorded: its Ctrl+C at the prompt left them, the footer still
   * counting them). The session goes on and may start runs again. Resolves with the runs it stopped.
   */
  stopGoing(): BackgroundTask[] {
    const stopped: BackgroundTask[] = [];
    for (const run of this.runs.values()) {
      if (run.controller.signal.aborted || run.task.command !== undefined) continue;
      run.byUser = true;
      run.controller.abort(new Error("background agent stopped by the user"));
      stopped.push(run.task);
    }
    return stopped;
  }

  /** Stops one run (the Agent SDK's `stop_task`, `/tasks stop`); its notification says `killed`. False when no such run goes on. */
  stop(id: string): boolean {
    const run = this.runs.get(id);
    run?.controller.abort(new Error("background agent stopped"));
    return run !== undefined;
  }

  /** Resolves once run `id` has ended (at once when none goes on): task_stop answers after a shell's end. */
  async whenEnded(id: string): Promise<void> {
    await this.runs.get(id)?.done;
  }

  /** The session ends: every run is aborted (its transcript ends there); resolves once all have ended. */
  async stopAll(): Promise<void> {
    this.stopped = true;
    const runs = [...this.runs.values()];
    for (const run of runs) run.controller.abort(new Error("the session ended"));
    await Promise.all(runs.map((run) => run.done));
    this.wake();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }
}

function textOf(message: ModelMessage): string {
  return typeof message.content === "string" ? message.content : JSON.stringify(message.content);
}
