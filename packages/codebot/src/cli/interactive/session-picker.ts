import type { SessionSummary } from "../../transcript/session-files.js";
import type { Styles } from "../output/styles.js";
import { sessionLineParts } from "../resume-flags.js";
import type { KeyInfo, ListQuestion } from "./questions.js";
import { LISTED, sessionRowGroups } from "./session-rows.js";

/** The mark of the chosen session's row (claude 2.1.328's picker marks it so); the others keep two spaces. */
const CHOSEN = "❯ ";

/**
 * The rows around the sessions: the prompt's, the heading, the filter, the `… more` line, the keys
 * and the row the cursor waits on, with room for the heading and keys to wrap on a narrow terminal.
 */
const AROUND_ROWS = 8;

/**
 * `/resume` on a terminal: the project's sessions as `/resume <n>` lists them (newest first, the
 * same rows), one of them chosen. ↑/↓ move, typed text filters (by title, first prompt, id or
 * date, case aside), Backspace takes a character back, Enter resumes the chosen one, Esc clears
 * the filter and, with none, cancels — as claude 2.1.328's `/resume` picker does (recorded).
 */
export class SessionPicker implements ListQuestion<SessionSummary> {
  private filter = "";
  private chosen = 0;
  /** The first of the sessions in view (the list scrolls to keep the chosen one in view). */
  private top = 0;

  constructor(
    private readonly sessions: readonly SessionSummary[],
    private readonly s: Styles,
    /** The terminal's width: the rows are cut to it. */
    private readonly columns: () => number | undefined,
    /** The terminal's height: the sessions shown are as many as fit. */
    private readonly rows: () => number | undefined = () => undefined,
  ) {}

  private matching(): SessionSummary[] {
    const wanted = this.filter.toLowerCase();
    return this.sessions.filter((session) => {
      const { head, title, fork } = sessionLineParts(session);
      return `${head} ${title}${fork}`.toLowerCase().includes(wanted);
    });
  }

  draw(): string {
    const s = this.s;
    const matching = this.matching();
    // A row one column short of the width: a row as wide as the terminal wrapped (the question is broken again).
    const width = this.columns();
    const groups = sessionRowGroups(matching, width === undefined ? undefined : width - 1);
    // As many sessions as the terminal's height leaves room for (a list taller than the screen
    // could not be drawn again in place), the chosen one among them.
    const height = this.rows();
    const each = groups[0]?.length ?? 1;
    const fit = height === undefined ? LISTED : Math.max(1, Math.floor((height - AROUND_ROWS) / each));
    const view = Math.min(LISTED, fit);
    this.top = Math.min(Math.max(this.top, this.chosen - view + 1, 0), this.chosen);
    const shown = sessionRowGroups(
      matching.slice(this.top, this.top + view),
      width === undefined ? undefined : width - 1,
      this.top + 1,
    );
    const rows = shown.flatMap((group, i) =>
      group.map((row, j) =>
        this.top + i === this.chosen && j === 0 ? s.bold(`${CHOSEN}${row.slice(CHOSEN.length)}`) : row,
      ),
    );
    const hidden = matching.length - shown.length;
    const more = hidden > 0 ? [s.dim(`  … ${hidden} more (↑/↓, or type to filter)`)] : [];
    const empty = matching.length === 0 ? [`  no session matches "${this.filter}"`] : [];
    return [
      s.bold("resume a session of this project, newest first:"),
      `  ⌕ ${this.filter === "" ? s.dim("type to filter") : this.filter}`,
      ...rows,
      ...more,
      ...empty,
      s.dim("  ↑/↓ choose · Enter resumes · Esc cancels"),
      "",
    ].join("\n");
  }

  key(text: string | undefined, key: KeyInfo): { answer: SessionSummary } | "cancel" | undefined {
    const count = this.matching().length;
    switch (key.name) {
      case "up":
        this.chosen = Math.max(0, this.chosen - 1);
        return undefined;
      case "down":
        this.chosen = Math.max(0, Math.min(count - 1, this.chosen + 1));
        return undefined;
      case "return":
      case "enter": {
        const session = this.matching()[this.chosen];
        return session === undefined ? undefined : { answer: session };
      }
      case "escape":
        if (this.filter === "") return "cancel";
        this.filter = "";
        this.chosen = 0;
        return undefined;
      case "backspace":
        this.filter = [...this.filter].slice(0, -1).join("");
        this.chosen = 0;
        return undefined;
    }
    // A character typed (not a control key): it filters, and the first match is chosen.
    if (text !== undefined && /^\P{Cc}+$/u.test(text)) {
      this.filter += text;
      this.chosen = 0;
    }
    return undefined;
  }

  closed(answer: SessionSummary | undefined): string {
    return answer === undefined ? this.s.dim("resume cancelled") : this.s.dim(`resuming ${answer.id}`);
  }
}
