import type { AgentEvent } from "@codebot/agentcore";
import type { HookStart, TraceRecord } from "@codebot/hooks";
import { notificationSummaries } from "../../agents/task-notification.js";
import { visible } from "../../approval/visible-text.js";
import type { SessionEvent } from "../../session/session-events.js";
import { EXIT_PLAN_MODE } from "../../tools/plan-mode-tools.js";
import { claudeDuration } from "./claude-duration.js";
import { columnsOf, cutToColumns } from "./columns.js";
import { diffRows } from "./file-diff.js";
import { HeldForHooks } from "./held-for-hooks.js";
import type { LineBatch, LineBatches } from "./line-batches.js";
import { GLYPH_MARKS, type LineMarks, WORD_MARKS } from "./line-marks.js";
import { modelFallbackText } from "./model-fallback-text.js";
import { modelRetryText } from "./model-retry-text.js";
import { hookLabel, Progress } from "./progress.js";
import { blockedPromptText } from "./prompt-outcome-line.js";
import { changeLines, type RanCalls, shownResult } from "./ran-calls.js";
import { isRefusedPlan, REFUSED_PLAN_TEXT } from "./refused-plan-line.js";
import { rowsOfLine, rowsOfRendered } from "./rendered-rows.js";
import { sentBackReasonRows } from "./sent-back-reason.js";
import type { Styles } from "./styles.js";
import { TerminalSafeFilter, terminalSafe } from "./terminal-safe.js";
import { callSummary, resultSummary } from "./tool-summary.js";
import { preview, startLine, traceLine, traceLineParts } from "./trace-line.js";

/** Where the view writes: raw text, plus an optional one-line status that later output replaces. */
export interface Screen {
  write(text: string): void;
  /**
   * Shows a transient one-line status, plain text (a terminal only), and under it what the user is
   * typing meanwhile when given; both "" remove it.
   */
  status(text: string, typed?: string): void;
}

/** Turns the streamed answer into what the terminal shows (MarkdownStream). */
export interface AnswerRenderer {
  push(text: string): string;
  end(): string;
}

export interface SessionViewOptions {
  /** Which hook trace records to show: those that ran (and any not approved), or every record. */
  trace: "ran" | "all";
  /**
   * A terminal: the status line is a spinner with elapsed times, redrawn every 100 ms, saying
   * `Esc to interrupt`. Otherwise (pipes, the demo) it is drawn only when something changes.
   */
  live?: boolean;
  /**
   * The terminal's width now, when it has one: a hook's line (its trace record, its statusMessage)
   * is cut to it, as one row. A long hook command wrapped onto rows the redraws below it did not count.
   */
  columns?: () => number | undefined;
  /**
   * How many background hook runs fired for a tool call (its flat-style PostToolUse hooks) have
   * not finished: what comes after the call's line waits for them (HeldForHooks).
   */
  backgroundHooks?: (toolUseId: string) => number;
  /**
   * Screen-reader mode: the status line says what runs without a spinner or clock (Progress), and
   * tool and hook lines start with words, not glyphs (WORD_MARKS).
   */
  screenReader?: boolean;
  /**
   * MessageDisplay: the batches of a main-agent message's lines given to its hooks as it streams
   * (undefined: no such hook, the text streams as it comes); each batch is shown, in order, once
   * its hooks answered, as what they show instead (undefined: the text).
   */
  messageDisplay?: {
    lineBatches(): LineBatches | undefined;
  };
  /**
   * The prompt waits for the user: what runs meanwhile (a background sub-agent's call) turns no
   * spinner, which would be drawn over the line being typed; its line comes when it ends.
   */
  atPrompt?: () => boolean;
}

/**
 * Renders a session's events for a person at a terminal: the main agent's answer streamed as it
 * comes, one line per tool call with a summary of its result, a hook's statusMessage as it starts,
 * hook trace lines and notices.
 * Sub-agents' lines carry their name.
 */
export class SessionView {
  /** The cursor is after streamed text that did not end with a newline. */
  private midLine = false;
  private readonly progress: Progress;
  private readonly marks: LineMarks;
  private ticker: NodeJS.Timeout | undefined;
  private frame = 0;
  /** Set by showRanCalls(): tool lines show the arguments that ran, and file changes as diffs. */
  private ran: RanCalls | undefined;
  /** Set by renderMarkdown(): the main agent's answer is rendered block by block. */
  private markdown: AnswerRenderer | undefined;
  /** The answer streams through it: an escape sequence split across deltas is still dropped. */
  private answer = new TerminalSafeFilter();
  /** Some of the main agent's message being streamed is on screen (after its mark). */
  private answerBegun = false;
  /** The message streaming to its MessageDisplay hooks: its batches, and what it awaits (HeldForHooks). */
  private displaying: { batches: LineBatches; key: string } | undefined;
  /** Some of the message shown through its MessageDisplay hooks is on screen (after its mark). */
  private displayBegun = false;
  /** The batches shown so far, in order: each waits for the ones before it. */
  private batchesShown: Promise<void> = Promise.resolve();
  private displayed = 0;
  /** Output after a tool call's line, kept back until its background hooks' lines are under it. */
  private readonly afterHooks = new HeldForHooks((kept) => {
    this.screen.status("");
    this.screen.write(kept);
    this.showRunning();
  });

  constructor(
    private readonly screen: Screen,
    private readonly s: Styles,
    private readonly options: SessionViewOptions = { trace: "ran" },
  ) {
    this.progress = new Progress(options.screenReader === true);
    this.marks = options.screenReader === true ? WORD_MARKS : GLYPH_MARKS;
  }

  onEvent = (event: SessionEvent): void => {
    switch (event.kind) {
      case "agent":
        this.onAgentEvent(event.agentName, event.event);
        return;
      case "hook_start":
        this.onHookStart(event.start);
        return;
      case "hook":
        this.onTrace(event.record, event.endsRun === true);
        return;
      case "notice":
        this.line(this.s.yellow(terminalSafe(event.message)));
        return;
      case "prompt_blocked":
        // claude's words for it (recorded); the reason and the notification may quote a tool's output.
        this.line(
          this.s.yellow(terminalSafe(blockedPromptText("UserPromptSubmit", event.shown, event.prompt))),
        );
        return;
      case "notification_joined":
        this.notificationLines(event.notification);
        return;
      case "permission_mode":
        // The model switched it (enter_plan_mode, an approved exit_plan_mode): say so, as /permissions would.
        this.line(this.s.dim(`permission mode: ${event.mode}`));
        return;
      case "terminal_sequence":
        // Written to the terminal by the interactive session only, never as a line of output.
        return;
      case "prompt_accepted":
        // The prompt is on screen already, as typed.
        return;
    }
  };

  /**
   * From now on, a tool line shows the call as it ran (`ran.middleware` must be the session's
   * innermost tool middleware): arguments a hook rewrote are marked, and an `edit` or `write`
   * shows the diff of the file.
   */
  showRanCalls(ran: RanCalls): void {
    this.ran = ran;
  }

  /** From now on, the main agent's answer goes through `renderer` (markdown for the terminal). */
  renderMarkdown(renderer: AnswerRenderer): void {
    this.markdown = renderer;
  }

  /** The tool call running now (the one a hook question is about), as its line shows it. */
  runningCall(): string | undefined {
    return this.progress.latestTool();
  }

  /**
   * Settles once no output waits for a tool call's background hooks (at most HeldForHooks' bound):
   * the prompt must come after the answer.
   */
  hooksShown(): Promise<void> {
    return this.afterHooks.settled();
  }

  /** Shows `label` on the live status line, with its elapsed time, while `work` goes on (`/compact`). */
  async working<T>(label: string, work: () => Promise<T>): Promise<T> {
    this.progress.taskStarted(label, Date.now());
    this.showRunning();
    try {
      return await work();
    } finally {
      this.progress.taskEnded();
      this.showRunning();
    }
  }

  /**
   * A prompt's run starts: from now its hooks turn the spinner too — a slow UserPromptSubmit or
   * Stop hook showed nothing before, the screen blank as if codebot hung.
   */
  runStarted(): void {
    this.running = true;
  }

  /**
   * The user is asked about a tool call: once answered, its elapsed time counts from then, not
   * from before its question (`bash npm test (10s …)` as it had only just started).
   */
  callAsked(callId: string): void {
    this.progress.toolAsked(callId);
  }

  /** The run is over (also when cancelled midway): nothing is running any more. */
  runEnded(): void {
    this.running = false;
    this.progress.clear();
    this.showRunning();
  }

  /** Between runStarted and runEnded; a background hook at the prompt turns no spinner under it. */
  private running = false;

  /** What the live status line says stops the wait: Esc during a run; Ctrl+C while the session closes. */
  private stopKey = "Esc to interrupt";

  /**
   * The session is closing (SessionEnd, background hooks): Esc no longer interrupts anything and
   * Ctrl+C stops the wait, abandoning the hooks (the `closing: waiting for …` line says so too).
   */
  closing(): void {
    this.stopKey = "Ctrl+C abandons";
  }

  /** While held (a question is open), no status line is drawn. */
  private held = false;
  /** What the user is typing while a run goes on (a prompt to queue), shown under the status line. */
  private typed = "";

  /** The line being typed during a run changed (`› text`, already made visible); "" when there is none. */
  typing(line: string): void {
    if (line === this.typed) return;
    this.typed = line;
    this.showRunning();
  }

  /** A line of the view's own, on a fresh line. */
  line(text: string): void {
    this.endLine();
    this.write(`${text}\n`);
    this.showRunning();
  }

  /**
   * A background run's notification reached the main agent (a turn of its own, or one in
   * progress): a line for each run it tells of, `● Agent "helper" finished · 3s` (how long it ran),
   * in claude 2.1.328's words (recorded), not the run's result, which only the model sees.
   */
  notificationLines(notification: string): void {
    for (const { summary, durationMs } of notificationSummaries(notification)) {
      const took = durationMs === undefined ? "" : this.s.dim(` · ${claudeDuration(durationMs)}`);
      this.line(`${this.s.cyan("●")} ${visible(summary)}${took}`);
    }
  }

  /**
   * A notice for the user, broken between words at the terminal's width (it may quote a long
   * command or path); one about a tool call's hook (a background PostToolUse hook failed) goes
   * under the call's line with the hook's ⚑ line, not after the answer written meanwhile.
   */
  notice(text: string, toolUseId?: string): void {
    const columns = this.options.columns?.();
    const rows = columns === undefined ? text : rowsOfRendered(text, columns);
    if (!this.afterHooks.under(toolUseId, `${rows}\n`)) this.line(rows);
  }

  /**
   * The user interrupts the run (Esc, Ctrl+C): what the answer had received is shown before the
   * notice saying so — a table or paragraph still growing waits for its end, and came after it.
   */
  interrupting(text: string): void {
    this.answerSoFar();
    this.notice(text);
  }

  /** The answer's block still growing, rendered as it is now. */
  private answerSoFar(): void {
    this.writeAnswer(this.markdown?.end() ?? "");
  }

  /** Text of the answer, as streamed: its message's first starts with the answer's mark. */
  private writeAnswer(text: string): void {
    if (text === "") return;
    this.screen.status("");
    this.write(this.answerBegun ? text : `${this.marks.answer}${text}`);
    this.answerBegun = true;
    this.midLine = !text.endsWith("\n");
  }

  /** Erases the status line and ends streamed text, so a question can take the line; no status until release(). */
  hold(): void {
    // A question goes under everything said before it.
    this.afterHooks.releaseNow();
    this.held = true;
    this.endLine();
  }

  release(): void {
    this.held = false;
    this.progress.answered(Date.now());
    this.showRunning();
  }

  private endLine(): void {
    this.screen.status("");
    if (this.midLine) this.write("\n");
    this.midLine = false;
  }

  /** Writes to the screen, unless the output waits for a tool call's background hooks. */
  private write(text: string): void {
    if (!this.afterHooks.keep(text)) this.screen.write(text);
  }

  /**
   * A batch of an answer's lines given to its MessageDisplay hooks: what they show (else the text)
   * is written once they answer and the batches before it are written; what comes after the
   * answer (its hooks' trace lines too) waits meanwhile (HeldForHooks, at most its bound).
   */
  private showBatch(batch: LineBatch, key: string, final: boolean): void {
    // As long as a MessageDisplay hook of its own is waited for by default (10 s), and a little
    // more, from the latest batch: a long answer streams for longer than that.
    this.afterHooks.awaitFromNow(key, "the answer", 11_000);
    this.batchesShown = this.batchesShown
      .then(() => batch.shown.catch(() => undefined))
      .then((replacement) => {
        const safe = terminalSafe(replacement ?? batch.text);
        let rendered = this.markdown ? this.markdown.push(safe) + (final ? this.markdown.end() : "") : safe;
        if (final && rendered !== "" && !rendered.endsWith("\n")) rendered += "\n";
        if (rendered !== "" && !this.displayBegun) rendered = `${this.marks.answer}${rendered}`;
        if (rendered !== "") this.displayBegun = true;
        if (rendered !== "" && !this.afterHooks.under(key, rendered)) {
          this.screen.status("");
          this.write(rendered);
          this.midLine = !rendered.endsWith("\n");
        }
        if (final) {
          this.displayBegun = false;
          this.afterHooks.ended(key);
        }
      });
  }

  private onAgentEvent(agent: string, e: AgentEvent): void {
    const who = agent === "main" ? "" : this.s.cyan(`[${terminalSafe(agent)}] `);
    switch (e.type) {
      case "agent_end":
        if (agent === "main") this.progress.modelEnded();
        this.showRunning();
        return;
      case "turn_start":
        if (agent === "main") this.progress.modelStarted(Date.now());
        this.showRunning();
        return;
      case "message_update":
        if (agent !== "main") return;
        this.progress.modelWriting();
        if (this.displaying === undefined && !this.answerBegun) {
          const batches = this.options.messageDisplay?.lineBatches();
          if (batches !== undefined) {
            this.displaying = { batches, key: `message-display-${++this.displayed}` };
            this.endLine();
          }
        }
        if (this.displaying !== undefined) {
          const batch = this.displaying.batches.push(e.delta);
          if (batch !== undefined) this.showBatch(batch, this.displaying.key, false);
          return;
        }
        {
          const safe = this.answer.push(e.delta);
          this.writeAnswer(this.markdown ? this.markdown.push(safe) : safe);
        }
        return;
      case "message_end":
        if (agent === "main" && this.displaying !== undefined) {
          this.progress.modelEnded();
          this.showBatch(this.displaying.batches.end(), this.displaying.key, true);
          this.displaying = undefined;
          return;
        }
        if (agent === "main") {
          this.progress.modelEnded();
          this.answer = new TerminalSafeFilter();
          this.answerSoFar();
          this.answerBegun = false;
        }
        if (agent === "main" && this.midLine) {
          this.write("\n");
          this.midLine = false;
        }
        return;
      case "tool_execution_start":
        this.progress.toolStarted(
          e.call.id,
          `${who}${terminalSafe(e.call.name)} ${callSummary(e.call)}`,
          Date.now(),
        );
        this.showRunning();
        return;
      case "tool_execution_update":
        this.progress.toolOutput(e.callId, e.partial);
        return;
      case "tool_execution_end": {
        this.progress.toolEnded(e.call.id);
        const ran = this.ran?.take(e.call.id);
        const call = ran?.call ?? e.call;
        const rewritten =
          JSON.stringify(call.args) !== JSON.stringify(e.call.args)
            ? ` ${this.s.yellow("(rewritten by a hook)")}`
            : "";
        const shown = shownResult(ran, e.result);
        const mark = shown.isError ? this.s.red(this.marks.failed) : this.s.green(this.marks.ok);
        const summary = resultSummary(shown, call.name);
        const result = shown.isError ? this.s.red(summary) : this.s.dim(summary);
        const toolLine = isRefusedPlan(call, e.result)
          ? `${mark} ${this.s.bold(EXIT_PLAN_MODE)} ${this.s.dim(this.marks.result)} ${this.s.red(REFUSED_PLAN_TEXT)}`
          : `${mark} ${who}${this.s.bold(terminalSafe(call.name))} ${callSummary(call)}${rewritten} ${this.s.dim(this.marks.result)} ${result}`;
        // A long command is broken between words, its next rows indented under the tool's name.
        const columns = this.options.columns?.();
        this.line(columns === undefined ? toolLine : rowsOfLine(toolLine, columns, 2).join("\n"));
        for (const line of changeLines(ran, this.s)) this.line(diffRows(line, "    ", columns).join("\n"));
        this.afterHooks.await(
          e.call.id,
          this.options.backgroundHooks?.(e.call.id) ?? 0,
          `${who}${terminalSafe(call.name)} ${callSummary(call)}`,
        );
        return;
      }
      case "retry":
        this.notice(this.s.yellow(`${who}${modelRetryText(e)}`));
        return;
      case "model_fallback":
        this.notice(this.s.yellow(`${who}${terminalSafe(modelFallbackText(e))}`));
        return;
      case "error":
        // The main agent's failure is its run's result, which the session reports (`✗ …`) once.
        if (agent !== "main") this.notice(this.s.red(`${who}${terminalSafe(e.error.message)}`));
        return;
      default:
        return;
    }
  }

  /**
   * A hook's statusMessage is shown as it starts (§3.1), above the line its trace record will
   * get; with every record shown (`--debug hooks`), every start has a line.
   */
  private onHookStart(start: HookStart): void {
    this.progress.hookStarted(
      hookKey(start),
      hookLabel(start.event, start.hook, start.statusMessage),
      Date.now(),
    );
    if (this.options.trace === "all")
      this.hookLine(this.s.dim(this.marks.started) + startLine(start, this.s), start.toolUseId);
    else if (start.statusMessage !== undefined)
      this.hookLine(this.s.dim(`${this.marks.started}${preview(start.statusMessage)}`), start.toolUseId);
    else if (this.running) this.showRunning();
  }

  /** `endsRun`: a Stop hook's block at the attempts cap, not sending the agent back (last-stop-attempt.ts). */
  private onTrace(record: TraceRecord, endsRun: boolean): void {
    this.progress.hookEnded(hookKey(record));
    if (this.running) this.showRunning();
    const ran =
      record.matched &&
      (record.skipped === undefined || record.skipped === "not approved" || record.skipped === "not started");
    if (ran || this.options.trace === "all") {
      const lateFor = this.afterHooks.lateCall(record.toolUseId);
      const call = lateFor === undefined ? "" : this.s.dim(` · for ${lateFor}`);
      const mark = this.s.dim(this.marks.hook);
      const columns = this.options.columns?.();
      const body =
        columns === undefined
          ? traceLine(record, this.s, { endsRun })
          : this.fittedTrace(record, columns, mark + call, endsRun);
      this.hookLine(mark + body + call, record.toolUseId);
      // The run's end says the reason of a Stop block at the cap ("a Stop hook still blocks after …");
      // nothing says a SubagentStop one's (the main agent goes on, not told it): its rows stay.
      if (!endsRun || record.event === "SubagentStop")
        for (const row of sentBackReasonRows(record, body, columns)) this.hookLine(row, record.toolUseId);
    }
    this.afterHooks.ended(record.toolUseId);
  }

  /**
   * A trace line fitted to the terminal beside `around` (the mark, the call a late line is for):
   * what the hook said (its reason, context) is cut first, down to DETAILS_COLUMNS, then the
   * hook's name (an unnamed hook's is its command), so the name of a hook that blocked and its
   * outcome stay in view; a cancelled run's why is cut whole first. With a long reason the name was cut first, to `"PreToolUse[…"`.
   */
  private fittedTrace(record: TraceRecord, columns: number, around: string, endsRun: boolean): string {
    const { main, details } = traceLineParts(record, this.s, { endsRun });
    const room = columns - columnsOf(around + main);
    if (room >= columnsOf(details)) return main + details;
    // Why a run was cancelled is said where it happened (`Esc: interrupting`): it goes whole before the name is cut.
    const detailsRoom = record.outcome === "cancelled" ? 0 : Math.min(columnsOf(details), DETAILS_COLUMNS);
    if (room >= detailsRoom) return main + cutToColumns(details, room);
    const nameColumns = Math.max(MIN_NAME_COLUMNS, columnsOf(record.hook) - (detailsRoom - room));
    const cut = traceLineParts(record, this.s, { nameColumns, endsRun });
    const left = columns - columnsOf(around + cut.main);
    return cut.main + (left > 1 ? cutToColumns(cut.details, left) : "");
  }

  /**
   * A hook's line, on one row of the terminal (`codebot hooks test` shows a record whole); under
   * its tool call's line when the output after that line waits for the call's hooks.
   */
  private hookLine(text: string, toolUseId?: string): void {
    const columns = this.options.columns?.();
    const row = columns === undefined ? text : cutToColumns(text, Math.max(10, columns));
    if (!this.afterHooks.under(toolUseId, `${row}\n`)) this.line(row);
  }

  private showRunning(): void {
    const live = this.options.live === true;
    const quiet = this.options.atPrompt?.() === true;
    const active = this.progress.active && !quiet;
    if (live && active && this.ticker === undefined) {
      this.ticker = setInterval(() => {
        this.frame++;
        this.showRunning();
      }, 100);
      this.ticker.unref();
    } else if (!active && this.ticker !== undefined) {
      clearInterval(this.ticker);
      this.ticker = undefined;
    }
    // Streamed text without its newline yet owns the line; a question too.
    if (this.held || this.midLine) return;
    // The status row leaves the terminal's last column free (TerminalScreen.status).
    const columns = this.options.columns?.();
    const width = columns === undefined ? undefined : columns - 1;
    const text = quiet ? "" : this.progress.text(Date.now(), this.frame, live ? this.stopKey : "", width);
    if (text !== "" || this.typed !== "" || live) this.screen.status(text, this.typed);
  }
}

/** A hook's name is cut to no fewer columns than this on a ⚑ line: still recognisable. */
const MIN_NAME_COLUMNS = 12;

/** What a hook said (` · reason: …`) keeps this many columns on a ⚑ line before its name is cut. */
const DETAILS_COLUMNS = 20;

/** Matches a hook's start with its trace record. */
function hookKey(h: { event: string; hook: string }): string {
  return `${h.event}\u0000${h.hook}`;
}
