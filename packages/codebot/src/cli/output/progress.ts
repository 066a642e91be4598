import { columnsOf, cutToColumns } from "./columns.js";
import { preview } from "./trace-line.js";

const FRAMES = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];
/** A hook is shown in the status only once it has run this long (most take milliseconds). */
export const SLOW_HOOK_MS = 1000;

interface RunningTool {
  label: string;
  since: number;
  lines: number;
}

interface RunningHook {
  label: string;
  since: number;
}

/**
 * What is going on right now, as one status line (issue 16, item 1): the model thinking or
 * writing, a running tool with its elapsed time and output line count, a hook that takes longer
 * than a second (its statusMessage, or its name). `text` is pure given the clock, so the spinner
 * is a timer redrawing it.
 */
export class Progress {
  /**
   * `still` (screen-reader mode): the line says what is running and nothing else, no spinner and
   * no clock, so it changes only when what runs does and is read out once (docs/cli.md).
   */
  constructor(private readonly still = false) {}

  private model: { phase: "thinking" | "writing"; since: number } | undefined;
  private readonly tools = new Map<string, RunningTool>();
  private readonly hooks = new Map<string, RunningHook>();
  /** The calls the open question is about. */
  private readonly asked = new Set<string>();
  /** Work of the session's own outside a run (`/compact`'s summary), by what it is doing. */
  private task: { label: string; since: number } | undefined;

  modelStarted(now: number): void {
    this.model = { phase: "thinking", since: now };
  }

  modelWriting(): void {
    if (this.model) this.model.phase = "writing";
  }

  modelEnded(): void {
    this.model = undefined;
  }

  toolStarted(id: string, label: string, now: number): void {
    this.tools.set(id, { label, since: now, lines: 0 });
  }

  /**
   * The user is asked about the call: it runs only once answered (`answered`). Its start may not
   * have been told yet (the session's events come a turn of the event loop later).
   */
  toolAsked(id: string): void {
    this.asked.add(id);
  }

  /** The open question was answered: the calls it was about start their clocks now. */
  answered(now: number): void {
    for (const id of this.asked) {
      const tool = this.tools.get(id);
      if (tool) tool.since = now;
    }
    this.asked.clear();
  }

  /** A chunk of the tool's output: counts its lines. */
  toolOutput(id: string, chunk: string): void {
    const tool = this.tools.get(id);
    if (tool) tool.lines += chunk.split("\n").length - 1;
  }

  toolEnded(id: string): void {
    this.tools.delete(id);
  }

  hookStarted(key: string, label: string, now: number): void {
    this.hooks.set(key, { label, since: now });
  }

  hookEnded(key: string): void {
    this.hooks.delete(key);
  }

  taskStarted(label: string, now: number): void {
    this.task = { label, since: now };
  }

  taskEnded(): void {
    this.task = undefined;
  }

  clear(): void {
    this.task = undefined;
    this.asked.clear();
    this.model = undefined;
    this.tools.clear();
    this.hooks.clear();
  }

  /** The label of the tool call that started last and is still running, if any. */
  latestTool(): string | undefined {
    return [...this.tools.values()].at(-1)?.label;
  }

  /** Anything to show (the spinner keeps turning while true). */
  get active(): boolean {
    return this.model !== undefined || this.task !== undefined || this.tools.size > 0 || this.hooks.size > 0;
  }

  /**
   * The status line at `now`; "" when idle. `frame` turns the spinner; `key` says what stops the
   * wait (none: ""). Given the room it has (`width` columns), what is running is cut to fit and
   * its time and key stay in view: cut at its end, at 40 columns the line lost `Esc to interrupt`.
   */
  text(now: number, frame: number, key: string, width?: number): string {
    const spin = FRAMES[frame % FRAMES.length] ?? "";
    const hint = key === "" ? "" : ` · ${key}`;
    // `shorter`: the tail without what can go (a tool's line count) when the whole one leaves no room.
    const line = (label: string, tail: string, shorter = tail) => {
      const whole = `${spin} ${label} (${tail})`;
      if (width === undefined || columnsOf(whole) <= width) return whole;
      for (const kept of [tail, shorter]) {
        const room = width - columnsOf(`${spin}  (${kept})`);
        if (room >= MIN_LABEL_COLUMNS) return `${spin} ${cutToColumns(label, room)} (${kept})`;
      }
      return whole;
    };
    const slowHook = [...this.hooks.values()].find((h) => now - h.since >= SLOW_HOOK_MS);
    if (this.still) return this.stillText(slowHook, hint, width);
    if (slowHook) return line(slowHook.label, `${seconds(now - slowHook.since)}${hint}`);
    const tools = [...this.tools.values()];
    const tool = tools[tools.length - 1];
    if (tool) {
      const more = tools.length > 1 ? ` (+${tools.length - 1} more)` : "";
      const lines = tool.lines > 0 ? ` · ${tool.lines} line${tool.lines === 1 ? "" : "s"}` : "";
      const time = seconds(now - tool.since);
      return line(`${tool.label}${more}`, `${time}${lines}${hint}`, `${time}${hint}`);
    }
    if (this.model) return line(`${this.model.phase}…`, `${seconds(now - this.model.since)}${hint}`);
    if (this.task) return line(`${this.task.label}…`, `${seconds(now - this.task.since)}${hint}`);
    return "";
  }

  private stillText(slowHook: RunningHook | undefined, hint: string, width: number | undefined): string {
    const tools = [...this.tools.values()];
    const tool = tools[tools.length - 1];
    const more = tools.length > 1 ? ` (+${tools.length - 1} more)` : "";
    const said = slowHook
      ? `${slowHook.label}…`
      : tool
        ? `running ${tool.label}${more}…`
        : this.model
          ? `${this.model.phase}…`
          : this.task
            ? `${this.task.label}…`
            : "";
    if (said === "") return "";
    return width === undefined ? `${said}${hint}` : cutToColumns(`${said}${hint}`, width);
  }
}

/** What is running is cut to no fewer columns than this to keep the time in view; else the line's end is cut. */
const MIN_LABEL_COLUMNS = 10;

/** A hook's status label: its statusMessage, else `hook <Event> "<name>"`. */
export function hookLabel(event: string, hook: string, statusMessage: string | undefined): string {
  return statusMessage !== undefined ? preview(statusMessage, 80) : `hook ${event} ${JSON.stringify(hook)}`;
}

function seconds(ms: number): string {
  return `${Math.floor(Math.max(0, ms) / 1000)}s`;
}
