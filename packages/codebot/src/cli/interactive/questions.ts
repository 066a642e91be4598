import type readline from "node:readline";
import { setTimeout as sleep } from "node:timers/promises";
import { questionRows } from "./question-rows.js";
import { backOverEnter, onFreshRow, syncRows } from "./readline-rows.js";

interface Pending {
  resolve(answer: string | undefined): void;
  /** A one-key question: its choices; a typed line (Enter) does not answer it. */
  keys?: ReadonlySet<string>;
  /** What the user had typed at the prompt when the question opened: given back afterwards. */
  stashed: string;
  /** The question as asked, before it was broken into rows (a resize breaks it again); read at each drawing. */
  question: () => string;
  /** Keys before this time (ms) were typed for the prompt, not in answer: they go with its text. */
  answerableAt: number;
  /** A list question: every key (Enter too) goes to it; "done" ends the question. */
  list?: (text: string | undefined, key: KeyInfo) => "done" | "again";
  /** A list question's one line left on screen when it ends (its rows are taken away). */
  closing?: () => string;
  /** A list question's Ctrl+<key> names (ListQuestion.ctrlKeys). */
  ctrlKeys?: ReadonlySet<string>;
}

/**
 * A question does not open while you type at the prompt: it waits until no key came for this long
 * (claude 2.1.328, recorded, showed a sub-agent's question ~1.6 s after the last key, not while
 * keys kept coming), so the `y` or `a` of a sentence never answers a question that opened under it.
 */
const TYPING_REST_MS = 1500;
/**
 * Keys this soon after a question opened, when you had been typing at the prompt just before
 * (RECENT_TYPING_MS), were typed before you could have read it: they go with the prompt's text,
 * not to the question (claude 2.1.328 ignored a key pressed at once after a question appeared).
 */
const ANSWER_GRACE_MS = 500;
const RECENT_TYPING_MS = 5000;

export interface KeyInfo {
  name?: string;
  ctrl?: boolean;
  meta?: boolean;
}

/** readline's line buffer, which the type declarations mark read-only. */
interface LineEditor {
  line: string;
  cursor: number;
}

/**
 * How a question is answered: one key on a terminal; a typed line (`y` then Enter) when readline
 * reads plain lines from a terminal (stdout is not one); never from a pipe, whose lines were all
 * sent before the question was asked — there it is answered "no answer" at once.
 */
export type AnswerMode = "keys" | "lines" | "refused";

/** A question answered by moving through a list (Questions.choose). */
export interface ListQuestion<T> {
  /** The list as it reads now: its rows, the one chosen marked, what was typed to filter it. */
  draw(): string;
  /** A key pressed: an answer, "cancel", or undefined (the list is drawn again). */
  key(text: string | undefined, key: KeyInfo): { answer: T } | "cancel" | undefined;
  /** The one line left on screen once it ended with `answer` (undefined: none). */
  closed(answer: T | undefined): string;
  /** The Ctrl+<key> names it takes (`r`: Ctrl+R); other control keys stay the session's. */
  readonly ctrlKeys?: ReadonlySet<string>;
}

/**
 * One question at a time on the shared readline interface (the approval engine already queues
 * them). A question is answered by one key, without Enter; only keys pressed after it is shown
 * count, so text typed ahead (a queued prompt) never answers it, and that text is given back to
 * the prompt afterwards; nor does one typed as it opens (TYPING_REST_MS, ANSWER_GRACE_MS).
 * Ctrl+C or the run's cancellation answers "no answer".
 */
export class Questions {
  private pending: Pending | undefined;
  /** When a key was last typed at the prompt (not at a question); none since the last line was sent. */
  private lastTypedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly rl: readline.Interface,
    /** The terminal's input: its keypress events (readline emits them) answer questions. */
    input: NodeJS.EventEmitter,
    /** Told when a question takes the terminal and when it gives it back. */
    private readonly screen: { hold(): void; release(): void; line(text: string): void },
    private readonly idlePrompt: string,
    private readonly mode: AnswerMode = "keys",
    /** The terminal's width, which a question is broken at (none: left as it is). */
    private readonly columns: () => number | undefined = () => undefined,
  ) {
    // Added after readline's own listener: readline has already put the key into its line
    // buffer, which onKey empties again.
    input.on("keypress", this.onKey);
  }

  get open(): boolean {
    return this.pending !== undefined;
  }

  /**
   * Asks until one of `choices`' keys is pressed (`escape` among them: the Esc key); resolves with
   * its value, or with `fallback` when cancelled. A question given as a function is read again
   * each time it is drawn (its count of the questions waiting behind it changes: `refresh`).
   */
  async ask<T extends string>(
    question: string | (() => string),
    choices: Record<string, T>,
    fallback: T,
    signal?: AbortSignal,
  ): Promise<T> {
    const key = await this.readKey(question, new Set(Object.keys(choices)), signal);
    if (key === undefined) return fallback;
    return choices[key] ?? fallback;
  }

  /**
   * A question answered by moving through a list (the `/resume` picker): every key goes to `list`,
   * the question is drawn again after each, and it ends with the answer `list` gave, or with
   * undefined (Esc as `list` decides, Ctrl+C, the run's cancellation). Only on a terminal ("keys").
   */
  async choose<T>(list: ListQuestion<T>, signal?: AbortSignal): Promise<T | undefined> {
    let chosen: { answer: T } | undefined;
    const onKey = (text: string | undefined, key: KeyInfo): "done" | "again" => {
      const outcome = list.key(text, key);
      if (outcome === undefined) return "again";
      if (outcome !== "cancel") chosen = outcome;
      return "done";
    };
    const ended = await this.readKey(() => list.draw(), new Set(), signal, {
      onKey,
      closing: () => list.closed(chosen?.answer),
      ...(list.ctrlKeys ? { ctrlKeys: list.ctrlKeys } : {}),
    });
    return ended === undefined ? undefined : chosen?.answer;
  }

  /** A line typed with Enter while a question is open belongs to it (and is dropped); false when none is open. */
  answer(line: string): boolean {
    if (!this.pending) return false;
    if (this.pending.list) {
      backOverEnter(this.rl);
      this.listKey(this.pending, undefined, { name: "return" });
      return true;
    }
    const typed = line.trim().toLowerCase();
    if (this.mode === "lines" && this.pending.keys?.has(typed)) {
      this.settle(typed);
      return true;
    }
    // Enter alone answers nothing: show the question again where the cursor now is.
    this.rl.prompt();
    return true;
  }

  /**
   * The terminal was resized (called before readline redraws the question): the terminal has
   * rewrapped the question's rows, so the row the cursor is on is counted at the new width, and
   * the question is broken again at it. Left alone, readline climbed the rows it had drawn at the
   * old width and drew the old rows under what remained of them.
   */
  resized(): void {
    const pending = this.pending;
    if (!pending) return;
    syncRows(this.rl);
    this.rl.setPrompt(questionRows(pending.question(), this.columns()));
  }

  /** The open question is drawn again, as it reads now (another question queued behind it). */
  refresh(): void {
    const pending = this.pending;
    if (!pending || this.mode !== "keys") return;
    this.rl.setPrompt(questionRows(pending.question(), this.columns()));
    this.rl.prompt();
  }

  /** Answers the open question with "no answer". */
  cancel(): void {
    this.settle(undefined);
  }

  private async readKey(
    asked: string | (() => string),
    keys: ReadonlySet<string>,
    signal?: AbortSignal,
    list?: { onKey: NonNullable<Pending["list"]>; closing: () => string; ctrlKeys?: ReadonlySet<string> },
  ): Promise<string | undefined> {
    if (this.mode === "keys") await this.typingRests(signal);
    if (signal?.aborted) return undefined;
    const question = typeof asked === "string" ? () => asked : asked;
    const prompt = question();
    if (this.mode === "refused") {
      this.screen.line(`${prompt}no (stdin is not a terminal)`);
      return Promise.resolve(undefined);
    }
    this.screen.hold();
    const editor = this.rl as unknown as LineEditor;
    const stashed = editor.line;
    editor.line = "";
    editor.cursor = 0;
    const now = Date.now();
    const answerableAt = now - this.lastTypedAt < RECENT_TYPING_MS ? now + ANSWER_GRACE_MS : now;
    return new Promise((resolve) => {
      const onAbort = () => this.settle(undefined);
      signal?.addEventListener("abort", onAbort, { once: true });
      this.pending = {
        keys,
        stashed,
        question,
        answerableAt,
        ...(list ? { list: list.onKey, closing: list.closing } : {}),
        ...(list?.ctrlKeys ? { ctrlKeys: list.ctrlKeys } : {}),
        resolve: (answer) => {
          signal?.removeEventListener("abort", onAbort);
          resolve(answer);
        },
      };
      // Broken between words at the width it is asked at (readline measures a prompt of several rows).
      this.rl.setPrompt(questionRows(prompt, this.columns()));
      this.rl.prompt();
    });
  }

  /** Until no key has been typed at the prompt for TYPING_REST_MS (or the question is cancelled). */
  private async typingRests(signal?: AbortSignal): Promise<void> {
    for (;;) {
      const wait = this.lastTypedAt + TYPING_REST_MS - Date.now();
      if (wait <= 0 || signal?.aborted) return;
      await sleep(wait, undefined, signal ? { signal } : {}).catch(() => {});
    }
  }

  /** Between a bracketed paste's start and end: its characters are text, never an answer. */
  private pasting = false;

  private readonly onKey = (text: string | undefined, key: KeyInfo | undefined): void => {
    const pending = this.pending;
    if (!pending) {
      // Text typed at the prompt; a sent line is typed no longer, and a control key (Ctrl+D's
      // question to leave) is no text.
      if (key?.name === "return" || key?.name === "enter") this.lastTypedAt = Number.NEGATIVE_INFINITY;
      else if (!key?.ctrl && !key?.meta && /^\P{Cc}+$/u.test(text ?? "")) this.lastTypedAt = Date.now();
    }
    // Pasted text answers nothing (the `a` of a pasted "say" answered "always"): it is kept, as
    // what was typed at the prompt is, and given back to the prompt after the question.
    if (key?.name === "paste-start") this.pasting = true;
    if (key?.name === "paste-end") {
      this.pasting = false;
      // A list takes a paste as typed text (a session id pasted to filter by).
      if (pending?.list) this.listKey(pending, (this.rl as unknown as LineEditor).line, {});
      else if (pending?.keys) this.keepTyped(pending);
      return;
    }
    if (this.pasting) return;
    if (pending?.list) {
      // Enter came as the line readline sent (answer); Ctrl+C and the like are the session's.
      if (key?.name === "return" || key?.name === "enter") return;
      // Esc comes as meta (readline reads the escape byte so): it is the list's, as are the Ctrl keys it names.
      const listsCtrl =
        key?.ctrl === true && key.name !== undefined && pending.ctrlKeys?.has(key.name) === true;
      if ((key?.ctrl || key?.meta) && key?.name !== "escape" && !listsCtrl) return;
      this.listKey(pending, text, key ?? {});
      return;
    }
    // Esc answers a question that has it among its choices (as "escape"); other questions ignore it.
    if (key?.name === "escape" && pending?.keys?.has("escape")) {
      this.settle("escape");
      return;
    }
    if (!pending?.keys || key?.ctrl || key?.meta) return;
    if (key?.name === "return" || key?.name === "enter") return;
    if (Date.now() < pending.answerableAt) {
      this.keepTyped(pending);
      return;
    }
    const editor = this.rl as unknown as LineEditor;
    // What readline put into its buffer for this key is not a prompt's text.
    editor.line = "";
    editor.cursor = 0;
    const pressed = (text ?? "").toLowerCase();
    if (pending.keys.has(pressed)) {
      this.settle(pressed);
      return;
    }
    // Any other key: the question again, unchanged.
    this.rl.prompt();
  };

  /** A key of a list question: it ends the question, or the question is drawn again as it reads now. */
  private listKey(pending: Pending, text: string | undefined, key: KeyInfo): void {
    const editor = this.rl as unknown as LineEditor;
    // What readline did with the key (a character typed, ↑ to an earlier prompt) is the list's, not the prompt's.
    editor.line = "";
    editor.cursor = 0;
    if (pending.list?.(text, key) === "done") {
      this.settle("chosen");
      return;
    }
    this.rl.setPrompt(questionRows(pending.question(), this.columns()));
    this.rl.prompt();
  }

  /** What readline holds now (a paste given to it whole) goes with the prompt's text, off the question's row. */
  private keepTyped(pending: Pending): void {
    const editor = this.rl as unknown as LineEditor;
    pending.stashed += editor.line;
    editor.line = "";
    editor.cursor = 0;
    this.rl.prompt();
  }

  private settle(answer: string | undefined): void {
    const pending = this.pending;
    if (!pending) return;
    // A list's rows are drawn over by its one closing line (readline clears below the prompt's
    // top), while the question is open still: readline's drawing reaches the terminal only then.
    if (pending.closing) {
      this.rl.setPrompt(pending.closing());
      this.rl.prompt();
    }
    this.pending = undefined;
    // The key (if any) is on screen after the question: end that line. A typed line is not in
    // the output (it is not a terminal): the answer is.
    this.screen.line(this.mode === "lines" ? (answer ?? "") : "");
    // The next prompt is drawn on that row, not over a question of several rows and what follows it.
    onFreshRow(this.rl);
    const editor = this.rl as unknown as LineEditor;
    editor.line = pending.stashed;
    editor.cursor = pending.stashed.length;
    this.rl.setPrompt(this.idlePrompt);
    this.screen.release();
    pending.resolve(answer);
  }
}
