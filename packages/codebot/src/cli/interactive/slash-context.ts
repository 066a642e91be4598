import type { Runtime } from "../../session/runtime.js";
import type { AnswerFormat } from "../output/history-recap.js";
import type { Styles } from "../output/styles.js";
import type { SessionFlags } from "../session-flags.js";
import type { ListQuestion } from "./questions.js";

/** What a `/command` of the terminal may use: the session, its flags, and the screen. */
export interface SlashContext {
  runtime: Runtime;
  /** The `provider/id` the session's model was made from; `/model` updates it. */
  model: { spec: string };
  flags: SessionFlags;
  styles: Styles;
  /** Prints a line, broken between words at the terminal's width (the next rows under its indentation). */
  print(line: string): void;
  /** Prints a line as it is: a recap's, fitted already (its code lines are never broken). */
  printFitted(line: string): void;
  /** The terminal's width, when the session has one: a list's rows are cut to it. */
  columns(): number | undefined;
  /** Shows what the session is doing on the live status line while `work` goes on. */
  working<T>(label: string, work: () => Promise<T>): Promise<T>;
  /** The terminal's height, when the session has one: `/hooks` summarises a listing taller than it. */
  rows(): number | undefined;
  /** How a recap shows answers: the Markdown renderer once loaded (undefined: it failed to load). */
  answerFormat?: Promise<AnswerFormat | undefined>;
  /** Screen-reader mode: a recap's marks are words (historyRecap). */
  screenReader?: boolean;
  /**
   * Asks a question answered by one of `choices`' keys (`escape`: Esc), as approval questions are;
   * undefined where none can be answered (prompts from a pipe).
   */
  ask?<T extends string>(question: string, choices: Record<string, T>, fallback: T): Promise<T>;
  /** Puts text in the input, to be edited and sent (`/rewind` gives the prompt back); only on a terminal. */
  setInput?(text: string): void;
  /** Asks the user to pick from a list by keys (↑/↓, typing, Enter, Esc); only on a terminal. */
  choose?<T>(list: ListQuestion<T>): Promise<T | undefined>;
}
