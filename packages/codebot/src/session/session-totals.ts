import type { ApiClock } from "./api-clock.js";
import type { CodeChanges } from "./code-changes.js";
import type { ToolClock } from "./tool-clock.js";

/** Lines the file tools added and removed. */
export interface LinesChanged {
  added: number;
  removed: number;
}

/** Time in ms: waiting for the model, and since the session began. */
export interface SessionDurations {
  apiMs: number;
  wallMs: number;
}

/** The times claude's cost-state line also needs to be read back: API time without retries and tool time (ms), and when the session began (epoch ms). */
export interface ClaudeTimes {
  apiWithoutRetriesMs: number;
  toolMs: number;
  startTime: number;
}

/** A session's times and code changes as its transcript's cost-state line kept them (cost-state-line.ts); `startTime` undefined where the line had none. */
export interface EarlierTotals extends SessionDurations, LinesChanged, Omit<ClaudeTimes, "startTime"> {
  startTime?: number;
}

const NONE: EarlierTotals = { apiMs: 0, wallMs: 0, added: 0, removed: 0, apiWithoutRetriesMs: 0, toolMs: 0 };

/**
 * The session's API time, wall time and code changes, as claude 2.1.328 keeps them (recorded): what
 * its transcript had when this process took the session on (`-c`, `-r`, `/resume`: its cost-state
 * line; a new session or `/clear`: nothing) plus this process's since then.
 */
export class SessionTotals {
  private earlier = NONE;
  private apiAt = 0;
  private apiWithoutRetriesAt = 0;
  private toolAt = 0;
  private startTime = 0;
  private wallAt = 0;
  private changesAt: LinesChanged = { added: 0, removed: 0 };

  constructor(
    private readonly apiTime: ApiClock,
    private readonly changes: CodeChanges,
    private readonly toolTime: ToolClock,
    earlier?: EarlierTotals,
  ) {
    this.startOver(earlier);
  }

  /** Another session takes this one's place, with what it had (`/resume`) or nothing (`/clear`). */
  startOver(earlier: EarlierTotals = NONE): void {
    this.earlier = earlier;
    this.apiAt = this.apiTime.ms();
    this.apiWithoutRetriesAt = this.apiTime.withoutRetriesMs();
    this.toolAt = this.toolTime.ms();
    // claude keeps the session's first start across resumes (recorded).
    this.startTime = earlier.startTime ?? Date.now();
    this.wallAt = performance.now();
    this.changesAt = { added: this.changes.added, removed: this.changes.removed };
  }

  durations(): SessionDurations {
    return {
      apiMs: this.earlier.apiMs + this.apiTime.ms() - this.apiAt,
      wallMs: this.earlier.wallMs + Math.round(performance.now() - this.wallAt),
    };
  }

  codeChanges(): LinesChanged {
    return {
      added: this.earlier.added + this.changes.added - this.changesAt.added,
      removed: this.earlier.removed + this.changes.removed - this.changesAt.removed,
    };
  }

  all(): EarlierTotals & ClaudeTimes {
    return {
      ...this.durations(),
      ...this.codeChanges(),
      apiWithoutRetriesMs:
        this.earlier.apiWithoutRetriesMs + this.apiTime.withoutRetriesMs() - this.apiWithoutRetriesAt,
      toolMs: this.earlier.toolMs + this.toolTime.ms() - this.toolAt,
      startTime: this.startTime,
    };
  }
}
