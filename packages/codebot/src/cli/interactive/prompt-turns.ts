import type { Runtime } from "../../session/runtime.js";
import type { PromptFrom } from "../../session/session.js";
import { errorMessage } from "../cli-error.js";
import type { MessageDisplay } from "../output/message-display.js";
import type { SessionView } from "../output/session-view.js";
import type { Styles } from "../output/styles.js";
import { backgroundWaitingText } from "./background-tasks-lines.js";
import type { IdleNotice } from "./idle-notice.js";
import type { InteractiveState } from "./interactive-state.js";
import { promptResultNotice } from "./prompt-result-notice.js";
import type { Questions } from "./questions.js";

export interface PromptTurnParts {
  state: InteractiveState;
  runtime: Pick<Runtime, "prompt" | "interrupt" | "backgroundNotification" | "backgroundGoing">;
  view: SessionView;
  styles: Styles;
  questions: Questions;
  /** The answers' display, whose held answer an interrupt shows as written. */
  display: MessageDisplay | undefined;
  /** Waited for before the first answer streams. */
  answerFormat: Promise<unknown>;
  idleNotice: IdleNotice;
  /** A `/command`: what it came to (`exit`, a `prompt` for the model, or done). */
  command: (text: string) => Promise<"exit" | "prompt" | undefined>;
  /** A queued prompt, echoed as it starts, as if typed now. */
  echo: (text: string) => void;
  quit: (code: number) => Promise<void>;
  /** The prompt comes back (or, at the end of a pipe, what is left is waited for). */
  idle: () => void;
  /** The prompt (and the status under it) leaves the screen for a turn it did not start; its text stays. */
  promptLeaves: () => void;
  /** What is typed during a run, under its status line. */
  showTyped: () => void;
}

/**
 * The session's prompts and commands, one at a time: lines sent while one goes on wait in a queue,
 * and a background run's notification that comes between turns starts one of its own.
 */
export class PromptTurns {
  private readonly queue: string[] = [];
  // Background runs' notifications that came while a command (not a turn) was going on: each
  // starts a turn once it is done, before the prompts queued meanwhile.
  private readonly notifications: string[] = [];
  private watchingBackground = false;

  constructor(private readonly parts: PromptTurnParts) {}

  /** A line sent while a prompt or command goes on: it runs when that is done. */
  enqueue(text: string): void {
    this.queue.push(text);
  }

  /** A prompt for the model, or a `/command`. */
  async handle(text: string): Promise<void> {
    const { state } = this.parts;
    if (!text.startsWith("/")) return this.run(text);
    // Lines typed meanwhile (a /compact takes a while; a pipe's come at once) wait their turn.
    state.workStarts();
    const outcome = await this.parts.command(text);
    if (outcome === "exit") {
      // The command is done: quitting now is quitting at the prompt.
      state.workDone();
      return this.parts.quit(0);
    }
    // A skill or command of the session: the prompt is expanded on its way to the model.
    if (outcome === "prompt") return this.run(text);
    this.done(false);
  }

  /** A prompt or command is done: the next queued one runs, else the prompt waits for the user. */
  done(turnEnded: boolean): void {
    const { state } = this.parts;
    state.workDone();
    const notification = this.notifications.shift();
    if (notification !== undefined && !state.is.quitting) {
      this.runNotification(notification);
      return;
    }
    const next = this.queue.shift();
    if (next === undefined) {
      // The turn has ended and the prompt waits for the user (Claude Code's idle_prompt).
      if (turnEnded) this.parts.idleNotice.waiting();
      this.parts.idle();
      void this.watchBackground();
      return;
    }
    // A queued prompt is echoed as it starts, as if typed now.
    this.parts.echo(next);
    void this.handle(next);
  }

  /** Esc or Ctrl+C during a run: the step in progress is aborted; prompts queued behind it are dropped. */
  interrupt(what: string): void {
    const { runtime: rt, view, styles: s } = this.parts;
    this.parts.questions.cancel();
    const dropped = this.queue.splice(0).length;
    rt.interrupt();
    // An answer held for its MessageDisplay hooks is shown now, as written.
    this.parts.display?.stop();
    const also = dropped > 0 ? ` (${dropped} queued prompt${dropped === 1 ? "" : "s"} dropped)` : "";
    view.interrupting(s.yellow(`${what}${also}`));
  }

  /**
   * Sub-agents started with `run_in_background`, as claude 2.1.328's (recorded): one that ends during
   * a turn goes into it (the runtime steers its notification in); one that ends while the prompt
   * waits for the user starts a turn of its own, the notification its prompt, and what the user had
   * typed stays at the prompt for when it comes back. Watched from each turn's end while runs go on.
   */
  async watchBackground(): Promise<void> {
    const { state } = this.parts;
    if (this.watchingBackground || state.is.quitting) return;
    this.watchingBackground = true;
    let notification: string | undefined;
    try {
      notification = await this.parts.runtime.backgroundNotification();
    } finally {
      this.watchingBackground = false;
    }
    if (state.is.quitting) {
      // Asked on the way out ("stay" brings the prompt back): kept for its turn then.
      if (notification !== undefined) this.notifications.push(notification);
      return;
    }
    if (notification === undefined) {
      // A pipe's prompts have all run and no background run is left: the session ends, as `-p`'s does.
      if (state.is.inputEnded && !state.is.busy) void this.parts.quit(0);
      return;
    }
    if (state.is.busy) this.notifications.push(notification);
    else this.runNotification(notification);
  }

  private runNotification(notification: string): void {
    const { state, view } = this.parts;
    this.parts.idleNotice.stop();
    if (state.is.editing) this.parts.promptLeaves();
    view.notificationLines(notification);
    void this.run(notification, "notification");
    this.parts.showTyped();
  }

  private async run(text: string, from: PromptFrom = "user"): Promise<void> {
    const { state, runtime: rt, view, styles: s } = this.parts;
    state.workStarts();
    view.runStarted();
    try {
      await this.parts.answerFormat;
      const result = await rt.prompt(text, undefined, from);
      // A last tool call's PostToolUse lines come before the prompt (bounded).
      await view.hooksShown();
      view.runEnded();
      const notice = promptResultNotice(result, s, state.is.quitting);
      if (notice !== undefined) view.notice(notice);
      const waiting = backgroundWaitingText(rt.backgroundGoing());
      if (waiting !== undefined) view.line(s.dim(waiting));
    } catch (error) {
      view.runEnded();
      view.notice(s.red(errorMessage(error)));
    }
    this.done(true);
  }
}
