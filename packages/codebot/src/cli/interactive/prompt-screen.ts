import type readline from "node:readline";
import { visible } from "../../approval/visible-text.js";
import type { Screen, SessionView } from "../output/session-view.js";
import { terminalSafe } from "../output/terminal-safe.js";
import { ERASE_ROW_AND_BELOW } from "./erase-below.js";
import type { InteractiveState } from "./interactive-state.js";
import type { Questions } from "./questions.js";
import { onFreshRow } from "./readline-rows.js";
import type { SentPromptLines } from "./sent-prompt-lines.js";
import type { SessionStatus } from "./session-status.js";

export interface PromptScreenParts {
  state: InteractiveState;
  rl: readline.Interface;
  view: SessionView;
  screen: Screen;
  questions: Questions;
  status: Pick<SessionStatus, "underPrompt" | "lines" | "refresh">;
  /** The lines sent so far of a prompt of several lines, as the prompt showed them. */
  promptAbove: SentPromptLines;
  terminal: boolean;
  screenReader: boolean;
  /** A prompt of several lines is being typed (its first lines sent with `\`). */
  continuing: () => boolean;
}

/** The prompt on a terminal: drawn, drawn again, off the screen, and what is typed while a run goes on. */
export class PromptScreen {
  constructor(private readonly parts: PromptScreenParts) {}

  /** Lines printed while the prompt is on screen replace it (and the status under it) rather than follow it. */
  clear(): void {
    if (this.parts.terminal) this.parts.screen.write(ERASE_ROW_AND_BELOW);
  }

  /** The prompt comes back, under what the run printed. */
  draw(): void {
    const { state, rl, view, screen, status, promptAbove } = this.parts;
    view.typing("");
    // The prompt goes on the fresh row under what the run printed: readline drew nothing while
    // it went on, though it counted the rows of what was typed meanwhile.
    onFreshRow(rl);
    // The lines of a prompt of several lines sent meanwhile go above it.
    for (const row of promptAbove.takeUndrawnRows()) screen.write(`${row}\n`);
    if (this.parts.screenReader) for (const line of status.lines()) screen.write(`${terminalSafe(line)}\n`);
    // What was typed meanwhile stays, with the cursor where it was (not at its start).
    rl.prompt(true);
    state.promptDrawn();
    status.underPrompt.draw();
    status.refresh();
  }

  /** The prompt or question drawn again, under lines printed above it. */
  redraw(): void {
    const { questions, promptAbove, screen } = this.parts;
    if (!questions.open) for (const row of promptAbove.shownRows()) screen.write(`${row}\n`);
    this.parts.rl.prompt(true);
    if (!questions.open) this.parts.status.underPrompt.draw();
  }

  /** The prompt (and the status under it) leaves the screen for a turn it did not start. */
  leaveForTurn(): void {
    const { state, rl, screen, promptAbove } = this.parts;
    // Its text stays in readline, shown under the turn's status line while it runs and at the prompt after.
    this.parts.status.underPrompt.erase();
    const up = rl.getCursorPos().rows + promptAbove.rows();
    screen.write(`${up > 0 ? `\x1b[${up}A` : ""}${ERASE_ROW_AND_BELOW}`);
    promptAbove.erased();
    state.promptLeft();
  }

  /** What is typed during a run, under its status line, as the prompt will show it (one row). */
  showTyped(): void {
    const { state, rl } = this.parts;
    const hidden = !state.readlineDraws();
    // A prompt of several lines being typed shows its `… ` even before the next line has text:
    // the line sent with `\` is kept, not queued yet.
    const typing = rl.line !== "" || this.parts.continuing();
    this.parts.view.typing(hidden && typing ? `${rl.getPrompt()}${visible(rl.line)}` : "");
  }
}
