import type readline from "node:readline";
import type { Runtime } from "../../session/runtime.js";
import type { SessionView } from "../output/session-view.js";
import type { Styles } from "../output/styles.js";
import { DOUBLE_INTERRUPT_MS, type InteractiveState } from "./interactive-state.js";
import type { Questions } from "./questions.js";

export interface InterruptKeyParts {
  state: InteractiveState;
  questions: Questions;
  rl: readline.Interface;
  runtime: Pick<Runtime, "stopBackgroundRuns">;
  view: SessionView;
  styles: Styles;
  quit: (code: number) => Promise<void>;
  /** The run in progress is interrupted, saying `what`. */
  interrupt: (what: string) => void;
  /** The prompt (and the status under it) off the screen: lines printed now replace it. */
  clearPrompt: () => void;
  /** The prompt comes back. */
  idle: () => void;
  /** Esc twice on an empty prompt: `/rewind`'s picker. */
  rewind: () => void;
}

/** What each key does; the session listens for them where it listens for the others, in their order. */
export interface InterruptKeys {
  ctrlC: () => void;
  ctrlD: () => void;
  esc: (text: string | undefined, key: { name?: string; sequence?: string } | undefined) => void;
}

/**
 * Esc and Ctrl+C interrupt the running step; a second Ctrl+C soon after quits, as do two of
 * Ctrl+C and Ctrl+D at the prompt. While a question is open (on the way out, or a command's) they answer it.
 */
export function interruptKeys(parts: InterruptKeyParts): InterruptKeys {
  const { state, questions, rl, view, styles: s, quit } = parts;
  const ctrlC = (): void => {
    // While closing, Ctrl+C belongs to the handler session-quit.ts installed; before that, it answers
    // the question about the worktree with its fallback.
    if (state.is.quitting) return void questions.cancel();
    // A command's question (`/add-dir`): Ctrl+C answers it no, as Esc does; nothing runs to interrupt.
    if (state.is.commandAsks) return void questions.cancel();
    const quick = state.pressedSoonAgain();
    questions.cancel();
    if (state.is.busy) {
      if (quick) return void quit(0);
      parts.interrupt("^C interrupting (Ctrl+C again to quit)");
      return;
    }
    if (rl.line !== "") {
      // Like a shell: Ctrl+C drops what was typed, all of it (Ctrl+E, then Ctrl+U).
      rl.write(null, { ctrl: true, name: "e" });
      rl.write(null, { ctrl: true, name: "u" });
      return;
    }
    // Only a second Ctrl+C soon after the first quits, as claude 2.1.328's (recorded: 0.3 s apart
    // quit, 1 s apart did not): one pressed a while after an interrupt or an earlier Ctrl+C is a
    // first press again, not the end of the session.
    if (quick) return void quit(0);
    parts.clearPrompt();
    // The background sub-agents going stop, and the session stays (claude 2.1.328's, recorded).
    if (parts.runtime.stopBackgroundRuns().length > 0) view.line(`${s.cyan("●")} background agents stopped`);
    view.notice(s.dim("(Ctrl+C again, Ctrl+D or /exit to quit)"));
    parts.idle();
  };
  // Ctrl+D on an empty prompt, as claude 2.1.328's (recorded): a first press only arms quitting
  // ("Press Ctrl-D again to exit"), mid-run too (the run goes on); a second soon after — or after a
  // Ctrl+C, either way round — quits, with readline still there: it may still ask about background
  // runs or the worktree, where Ctrl+D keeps the session.
  const ctrlD = (): void => {
    if (state.is.quitting) return void questions.cancel();
    if (state.pressedSoonAgain()) return void quit(0);
    if (state.is.busy) return void view.notice(s.dim("(Ctrl+D again to quit)"));
    parts.clearPrompt();
    view.notice(s.dim("(Ctrl+D again to quit)"));
    parts.idle();
  };
  /** When Esc was last pressed at the prompt (a second soon after is Esc Esc). */
  let escAtPrompt = 0;
  // Esc interrupts the running step: the prompt ends there and the session waits for input.
  // At the prompt, Esc twice clears what was typed, or on an empty prompt opens /rewind's picker (claude 2.1.328's, recorded).
  const esc = (_text: string | undefined, key: { name?: string; sequence?: string } | undefined): void => {
    // Esc answering a command's question (it settled before this listener ran) interrupts nothing.
    if (key?.name !== "escape" || state.is.quitting || state.is.commandAsks) return;
    if (state.is.busy) return void parts.interrupt("Esc: interrupting");
    if (!state.promptFree()) return;
    const now = Date.now();
    // Two pressed at once reach readline as one key, ESC ESC. Not by its `meta`: Node marks a
    // lone Esc so too, and one Esc cleared the typed line (or opened /rewind on an empty one).
    const twice = key.sequence === "\x1b\x1b" || now - escAtPrompt < DOUBLE_INTERRUPT_MS;
    escAtPrompt = twice ? 0 : now;
    if (!twice) return;
    if (rl.line === "") return void parts.rewind();
    rl.write(null, { ctrl: true, name: "e" });
    rl.write(null, { ctrl: true, name: "u" });
  };
  return { ctrlC, ctrlD, esc };
}
