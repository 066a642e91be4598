import type readline from "node:readline";
import { visible } from "../../approval/visible-text.js";
import type { Screen, SessionView } from "../output/session-view.js";
import type { Styles } from "../output/styles.js";
import type { IdleNotice } from "./idle-notice.js";
import type { InteractiveState } from "./interactive-state.js";
import type { PastedTexts } from "./pasted-texts.js";
import { type PromptMarks, sentLineRedrawn, shownLine, withoutBlankEnds } from "./prompt-rows.js";
import type { PromptTurns } from "./prompt-turns.js";
import type { Questions } from "./questions.js";
import type { SentPromptLines } from "./sent-prompt-lines.js";
import type { StatusUnderPrompt } from "./status-under-prompt.js";
import type { WholePromptHistory } from "./whole-prompt-history.js";

export interface TypedLineParts {
  state: InteractiveState;
  rl: readline.Interface;
  questions: Questions;
  turns: PromptTurns;
  view: SessionView;
  screen: Screen;
  styles: Styles;
  terminal: boolean;
  marks: PromptMarks;
  columns: () => number | undefined;
  status: StatusUnderPrompt;
  idleNotice: IdleNotice;
  pasted: PastedTexts;
  prompts: WholePromptHistory;
  promptAbove: SentPromptLines;
  /** A prompt, echoed as if typed now. */
  echo: (text: string) => void;
  /** The prompt comes back. */
  idle: () => void;
}

/**
 * Each line readline hands over: a question's answer, a line of a prompt of several (ending with a
 * backslash, or sent with Alt+Enter / Shift+Enter: it continues on the next one), or a prompt,
 * run now or queued behind the one going on.
 */
export class TypedLines {
  private continued = "";
  private lineBreak = false;

  constructor(private readonly parts: TypedLineParts) {}

  /** The next line ends with a line break of the prompt (a newline key, a paste's), not its end. */
  breakLine(): void {
    this.lineBreak = true;
  }

  /** A prompt of several lines is being typed: the lines sent with `\` are kept, not queued yet. */
  get continuing(): boolean {
    return this.continued !== "";
  }

  readonly onLine = (line: string): void => {
    const { state, rl, questions, status, marks, pasted, promptAbove } = this.parts;
    // When the terminal goes away, readline hands over what was typed as a line (its `ontermend`):
    // never sent, so never a prompt, nor an entry in the project's history.
    if (this.parts.terminal && process.stdin.readableEnded) return;
    // The line readline drew at the prompt (not one typed ahead, nor a question's answer).
    const drawnAt = state.is.editing && !state.is.busy && !questions.open ? rl.getPrompt() : undefined;
    const statusRows = status.rows;
    this.parts.idleNotice.stop();
    state.promptLeft();
    status.erase();
    // It stays above the answer, broken between words (the terminal broke it anywhere).
    const width = this.parts.columns();
    // A prompt's first line, once sent, has its mark (screen-reader mode's `you: `, not `$ `).
    const sentMark = (prompt: string) => (prompt === marks.first ? marks.sent : prompt);
    const ends = !this.lineBreak && !line.endsWith("\\");
    if (drawnAt !== undefined && width !== undefined) {
      const size = { columns: width, rows: process.stdout.rows ?? 24 };
      const whole = pasted.expand(this.continued + line);
      const shown = withoutBlankEnds(whole);
      // A prompt with blank lines at its ends is drawn again whole, from its first row, without them.
      this.parts.screen.write(
        ends && shown !== whole && shown.trim() !== ""
          ? sentLineRedrawn(
              rl,
              drawnAt,
              line,
              size,
              statusRows,
              marks.sent,
              shown,
              marks.next,
              promptAbove.rows(),
            )
          : sentLineRedrawn(
              rl,
              drawnAt,
              line,
              size,
              statusRows,
              sentMark(drawnAt),
              pasted.expand(line),
              marks.next,
            ),
      );
    }
    const breaks = this.lineBreak;
    this.lineBreak = false;
    if (questions.answer(line)) return;
    if (breaks || line.endsWith("\\")) {
      this.parts.prompts.continues(line);
      // Drawn by readline only while no run goes on; the others when the prompt comes back.
      promptAbove.sent(shownLine(sentMark(rl.getPrompt()), line), !state.is.busy);
      this.continued += `${breaks ? line : line.slice(0, -1)}\n`;
      rl.setPrompt(marks.next);
      // While a run goes on, the line being typed is a prompt to queue: no status under it.
      if (state.is.busy) rl.prompt();
      else this.parts.idle();
      return;
    }
    const whole = pasted.send(this.continued + line);
    this.continued = "";
    promptAbove.clear();
    this.parts.prompts.sent(line, withoutBlankEnds(whole));
    rl.setPrompt(marks.first);
    const text = whole.trim();
    if (text === "") {
      // An Enter pressed out of habit after a one-key answer must not draw the prompt mid-run.
      if (!state.is.busy) this.parts.idle();
      return;
    }
    if (state.is.busy) {
      this.parts.turns.enqueue(text);
      // Echoed when they run, which is soon enough.
      if (!this.parts.terminal) return;
      // The spinner redraws the line being typed on: say what was queued.
      this.parts.view.notice(
        this.parts.styles.dim(`(queued: ${visible(text)} — runs when the current prompt is done)`),
      );
      return;
    }
    // What was typed is not in the output: echoed as queued prompts are.
    if (!this.parts.terminal) this.parts.echo(text);
    void this.parts.turns.handle(text);
  };
}
