import type readline from "node:readline";
import { closeOnSignals } from "../../session/close-on-signals.js";
import type { Runtime } from "../../session/runtime.js";
import type { SessionWorktree } from "../../worktree/session-worktree.js";
import type { WorktreeChoice } from "../../worktree/worktree-end.js";
import { errorMessage } from "../cli-error.js";
import { closeWithNotice } from "../close-with-notice.js";
import type { SessionView } from "../output/session-view.js";
import type { Styles } from "../output/styles.js";
import { exit } from "../process-exit.js";
import { askBackgroundEnd } from "./background-end-question.js";
import { backgroundStoppingText } from "./background-tasks-lines.js";
import type { InteractiveState } from "./interactive-state.js";
import type { Questions } from "./questions.js";
import { sessionNotice } from "./session-notice.js";
import { askWorktreeEnd } from "./worktree-question.js";

export interface QuitParts {
  state: InteractiveState;
  runtime: Runtime;
  rl: readline.Interface;
  questions: Questions;
  view: SessionView;
  styles: Styles;
  terminal: boolean;
  /** `--worktree`'s, asked about when it has changes. */
  worktree: SessionWorktree | undefined;
  /** What the user chose for the worktree, for the runtime's closing. */
  choseWorktree: (choice: WorktreeChoice | undefined) => void;
  /** The prompt (and the status under it) off the screen: lines printed now replace it. */
  clearPrompt: () => void;
  /** What stops once quitting starts: the idle notice's wait. */
  stopWaiting: () => void;
  /** What stops once the session closes for good: the status under the prompt. */
  stopStatus: () => void;
  /** A question on the way out answered "stay": the prompt comes back, and what ended meanwhile gets its turn. */
  backToSession: () => void;
}

/**
 * Leaving the interactive session, by `/exit`, Ctrl+C or Ctrl+D twice, the end of a pipe or a signal:
 * at the prompt it may ask first (background runs, the worktree), then it closes the session
 * (SessionEnd, async hooks drained) and exits with `code`. A second call while leaving does nothing.
 */
export function sessionQuit(parts: QuitParts): (code: number) => Promise<void> {
  const { state, runtime: rt, rl, questions, view, styles: s } = parts;
  const stay = (): void => {
    state.quitCancelled();
    parts.backToSession();
  };
  return async (code) => {
    if (!state.quitStarts()) return;
    parts.stopWaiting();
    questions.cancel();
    if (!state.is.busy) parts.clearPrompt();
    // Leaving at the prompt (not mid-run, nor when the terminal went away): a worktree with
    // changes is kept or removed as the user says, or Esc goes back to the session.
    if (parts.terminal && code === 0 && !state.is.busy) {
      // Background sub-agents going are stopped by leaving: asked first, as claude's "Background work is running".
      if ((await askBackgroundEnd(rt.backgroundGoing(), questions, view, s)) === "stay") return stay();
      const answer = await askWorktreeEnd(parts.worktree, questions, view, s);
      if (answer === "stay") return stay();
      parts.choseWorktree(answer);
    }
    parts.stopStatus();
    state.closeStarts();
    view.closing();
    // As claude's "Exit and stop tasks": the runs end with the session, their transcripts there.
    const stopping = backgroundStoppingText(rt.backgroundGoing());
    if (stopping !== undefined) view.notice(s.dim(stopping));
    view.notice(s.dim("closing the session (SessionEnd, waiting for hooks)…"));
    try {
      rl.close();
    } catch {
      // The terminal is gone (EIO): closing the session matters more.
    }
    // readline no longer has the terminal: Ctrl+C is now a signal, and abandons what closing waits for.
    closeOnSignals(rt, {
      signals: ["SIGINT"],
      exit: (signalCode) => void exit(signalCode),
      say: (line) => view.notice(sessionNotice(line, s)),
    });
    try {
      // SessionEnd's reason (Claude Code's): the user left at the prompt, or the terminal went away.
      await closeWithNotice(rt, code === 0 ? "prompt_input_exit" : "other", (line) =>
        view.notice(sessionNotice(line, s)),
      );
    } catch (error) {
      view.notice(s.red(`closing failed: ${errorMessage(error)}`));
    }
    await exit(code);
  };
}
