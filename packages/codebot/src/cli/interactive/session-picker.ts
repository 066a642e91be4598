import type { SessionSummary } from "../../transcript/session-files.js";
import { shownTitle } from "../output/session-title.js";
import type { Styles } from "../output/styles.js";
import { sessionLineParts } from "../resume-flags.js";
import type { KeyInfo, ListQuestion } from "./questions.js";
import type { SessionPreview } from "./session-preview.js";
import { LISTED, sessionRowGroups } from "./session-rows.js";

/** The mark of the chosen session's row (claude 2.1.328's picker marks it so); the others keep two spaces. */
const CHOSEN = "❯ ";

/**
 * The rows around the sessions: the prompt's, the heading, the filter, the `… more` line, the keys
 * and the row the cursor waits on, with room for the heading and keys to wrap on a narrow terminal.
 */
const AROUND_ROWS = 8;

/**
 * Names a session (Ctrl+R): the title written (transcript/rename-session.ts), or throws why not.
 */
export type RenameSession = (session: SessionSummary, name: string) => string;

/** The picker's keys beyond choosing: Ctrl+R's rename, Space's preview and Ctrl+A's every project's sessions, where given. */
export interface PickerActions {
  rename?: RenameSession;
  preview?: (session: SessionSummary, width: number | undefined) => SessionPreview;
  allProjects?: () => SessionSummary[];
  /** The branch checked out: Ctrl+B lists only the sessions last on it (claude's "current branch"). */
  branch?: string;
}

/**
 * `/resume` on a terminal: the project's sessions as `/resume <n>` lists them (newest first, the
 * same rows), one of them chosen. ↑/↓ move, typed text filters (by title, first prompt, id or
 * date, case aside), Backspace takes a character back, Enter resumes the chosen one, Esc clears
 * the filter and, with none, cancels — as claude 2.1.328's `/resume` picker does (recorded).
 * Ctrl+R names the chosen session, as claude's picker does (recorded): a box with its name, Enter
 * saves, Esc leaves it as it was. Space (with nothing typed to filter: then it is a space) previews
 * the chosen session's conversation, its latest rows as many as fit, Enter resuming it and Esc
 * going back to the list, as claude's does (recorded).
 */
export class SessionPicker implements ListQuestion<SessionSummary> {
  readonly ctrlKeys: ReadonlySet<string>;
  private filter = "";
  /** Ctrl+B: only the sessions of the current branch are listed. */
  private branchOnly = false;
  /** Ctrl+A: every project's sessions are listed, the project's kept here to go back to. */
  private all = false;
  private projectSessions: SessionSummary[] = [];
  private chosen = 0;
  /** The first of the sessions in view (the list scrolls to keep the chosen one in view). */
  private top = 0;
  /** The sessions, a renamed one with its new title. */
  private sessions: SessionSummary[];
  /** Ctrl+R: the session being named, and the name typed so far. */
  private naming: { session: SessionSummary; name: string } | undefined;
  /** Why the last name could not be saved. */
  private failure: string | undefined;
  /** Space: the session previewed, and what it shows (or why it cannot). */
  private previewing: { session: SessionSummary; shown: SessionPreview | string } | undefined;

  constructor(
    sessions: readonly SessionSummary[],
    private readonly s: Styles,
    /** The terminal's width: the rows are cut to it. */
    private readonly columns: () => number | undefined,
    /** The terminal's height: the sessions shown are as many as fit. */
    private readonly rows: () => number | undefined = () => undefined,
    private readonly actions: PickerActions = {},
  ) {
    this.sessions = [...sessions];
    this.ctrlKeys = new Set(["r", ...(actions.allProjects ? ["a"] : []), ...(actions.branch ? ["b"] : [])]);
  }

  private matching(): SessionSummary[] {
    const wanted = this.filter.toLowerCase();
    return this.sessions.filter((session) => {
      if (this.branchOnly && session.branch !== this.actions.branch) return false;
      const { head, title, fork } = sessionLineParts(session);
      return `${head} ${title}${fork}`.toLowerCase().includes(wanted);
    });
  }

  draw(): string {
    if (this.previewing) return this.drawPreview(this.previewing);
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
    const empty =
      matching.length > 0
        ? []
        : this.filter !== ""
          ? [`  no session matches "${this.filter}"`]
          : [
              this.branchOnly
                ? `  no sessions on branch ${shownTitle(this.actions.branch ?? "")}`
                : `  no sessions in ${this.all ? "any project" : "this project"} yet`,
            ];
    const keys = this.naming
      ? [`  new name: ${this.naming.name}`, s.dim("  Enter saves the name · Esc leaves it as it was")]
      : [
          ...(this.failure !== undefined ? [s.red(`  ${this.failure}`)] : []),
          s.dim(
            `  ↑/↓ choose · Enter resumes · Esc cancels${this.actions.rename ? " · Ctrl+R renames" : ""}${this.actions.preview ? " · Space previews" : ""}${this.actions.allProjects ? (this.all ? " · Ctrl+A this project only" : " · Ctrl+A all projects") : ""}${this.actions.branch ? (this.branchOnly ? " · Ctrl+B every branch" : ` · Ctrl+B only ${shownTitle(this.actions.branch)}`) : ""}`,
          ),
        ];
    return [
      s.bold(`resume a session of ${this.all ? "any project" : "this project"}, newest first:`),
      `  ⌕ ${this.filter === "" ? s.dim("type to filter") : this.filter}`,
      ...rows,
      ...more,
      ...empty,
      ...keys,
      "",
    ].join("\n");
  }

  key(text: string | undefined, key: KeyInfo): { answer: SessionSummary } | "cancel" | undefined {
    if (this.naming) {
      this.nameKey(text, key);
      return undefined;
    }
    if (this.previewing) return this.previewKey(this.previewing.session, key);
    this.failure = undefined;
    if (key.ctrl && key.name === "a" && this.actions.allProjects) {
      this.all = !this.all;
      if (this.all) {
        this.projectSessions = this.sessions;
        this.sessions = this.actions.allProjects();
      } else this.sessions = this.projectSessions;
      this.chosen = 0;
      this.top = 0;
      return undefined;
    }
    if (key.ctrl && key.name === "b" && this.actions.branch) {
      this.branchOnly = !this.branchOnly;
      this.chosen = 0;
      this.top = 0;
      return undefined;
    }
    if (key.ctrl && key.name === "r") {
      const session = this.matching()[this.chosen];
      // Its name as the row shows it, to edit (claude's box holds the row's title too): a title a
      // hook or a cloned repository's transcript gave is written out as the row writes it, never raw.
      if (session && this.actions.rename)
        this.naming = { session, name: shownTitle(session.title ?? session.firstPrompt) };
      return undefined;
    }
    if (key.name === "space" && this.filter === "" && this.actions.preview) {
      const session = this.matching()[this.chosen];
      if (session) this.previewing = { session, shown: this.previewOf(session) };
      return undefined;
    }
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

  private previewOf(session: SessionSummary): SessionPreview | string {
    const width = this.columns();
    try {
      return (this.actions.preview as NonNullable<PickerActions["preview"]>)(
        session,
        width === undefined ? undefined : width - 1,
      );
    } catch (error) {
      return `cannot read ${session.transcriptPath}: ${(error as Error).message}`;
    }
  }

  /** The previewed session's latest rows, as many as the terminal's height leaves room for, then what it is and the keys. */
  private drawPreview({
    session,
    shown,
  }: {
    session: SessionSummary;
    shown: SessionPreview | string;
  }): string {
    const s = this.s;
    const height = this.rows();
    const rows = typeof shown === "string" ? [s.red(`  ${shown}`)] : shown.rows;
    const fit = height === undefined ? rows : rows.slice(-Math.max(1, height - AROUND_ROWS));
    const when = sessionLineParts(session).head.split("  ")[1];
    const count =
      typeof shown === "string" ? "" : ` · ${shown.messages} message${shown.messages === 1 ? "" : "s"}`;
    return [
      s.bold(`session ${session.id}:`),
      ...fit,
      s.dim(`  ${when}${count}`),
      s.dim("  Enter resumes · Esc goes back"),
      "",
    ].join("\n");
  }

  /** A key while previewing: Enter resumes the session, Esc goes back to the list. */
  private previewKey(
    session: SessionSummary,
    key: KeyInfo,
  ): { answer: SessionSummary } | "cancel" | undefined {
    if (key.name === "return" || key.name === "enter") return { answer: session };
    if (key.name === "escape") this.previewing = undefined;
    return undefined;
  }

  /** A key while naming a session: Enter saves the name (an empty one changes nothing), Esc drops it. */
  private nameKey(text: string | undefined, key: KeyInfo): void {
    const naming = this.naming as { session: SessionSummary; name: string };
    switch (key.name) {
      case "return":
      case "enter":
        this.naming = undefined;
        if (naming.name.trim() !== "") this.save(naming.session, naming.name.trim());
        return;
      case "escape":
        this.naming = undefined;
        return;
      case "backspace":
        naming.name = [...naming.name].slice(0, -1).join("");
        return;
    }
    if (text !== undefined && !key.ctrl && /^\P{Cc}+$/u.test(text)) naming.name += text;
  }

  private save(session: SessionSummary, name: string): void {
    try {
      const title = (this.actions.rename as RenameSession)(session, name);
      const at = this.sessions.indexOf(session);
      if (at >= 0) this.sessions[at] = { ...session, title };
    } catch (error) {
      this.failure = `cannot rename ${session.id}: ${(error as Error).message}`;
    }
  }

  closed(answer: SessionSummary | undefined): string {
    return answer === undefined ? this.s.dim("resume cancelled") : this.s.dim(`resuming ${answer.id}`);
  }
}
