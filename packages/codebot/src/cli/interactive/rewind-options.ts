import { visible } from "../../approval/visible-text.js";
import type { RewindChoice, RewindPoint } from "../../session/rewind/rewind.js";
import type { Styles } from "../output/styles.js";
import type { KeyInfo, ListQuestion } from "./questions.js";
import { shownPath } from "./rewind-picker.js";

interface Option {
  label: string;
  choice: RewindChoice | undefined;
}

/**
 * `/rewind`'s second question, as claude 2.1.328's (recorded): what to restore to the point
 * before the prompt chosen — code and conversation, the conversation, the code —, or to summarize
 * the conversation from the prompt on or up to it, or nothing. Each option says what it does.
 * The code options are offered only when the file tools changed files since. A Summarize option,
 * chosen, takes typed text as context for the summary (claude's `add context (optional)`).
 * ↑/↓ and Enter, or the option's number (on a Summarize option a digit is text); Esc cancels.
 */
export class RewindOptions implements ListQuestion<RewindChoice> {
  private readonly options: Option[];
  private chosen = 0;
  /** The context typed on a Summarize option (each option its own). */
  private readonly contexts = new Map<number, string>();

  constructor(
    private readonly point: RewindPoint,
    private readonly s: Styles,
    private readonly cwd: string,
  ) {
    const code = point.toRestore.length > 0;
    const summarize = (direction: "from" | "up_to") => ({
      conversation: false,
      code: false,
      summarize: { direction, context: "" },
    });
    this.options = [
      ...(code
        ? [{ label: "Restore code and conversation", choice: { conversation: true, code: true } }]
        : []),
      { label: "Restore conversation", choice: { conversation: true, code: false } },
      ...(code ? [{ label: "Restore code", choice: { conversation: false, code: true } }] : []),
      { label: "Summarize from here", choice: summarize("from") },
      { label: "Summarize up to here", choice: summarize("up_to") },
      { label: "Never mind", choice: undefined },
    ];
  }

  draw(): string {
    const s = this.s;
    const choice = this.options[this.chosen]?.choice;
    const files = this.point.toRestore.map((file) => shownPath(file, this.cwd));
    const named = files.length <= 3 ? files.join(", ") : `${files.length} files`;
    return [
      s.bold("Rewind"),
      "Restore to the point before you sent this message:",
      ...(this.point.text
        .split("\n")
        .slice(0, 3)
        .map((line) => `│ ${visible(line)}`) ?? []),
      ...this.effect(choice, named),
      ...this.options.map((option, i) => {
        const context = this.contexts.get(i);
        const field =
          i !== this.chosen || option.choice?.summarize === undefined
            ? ""
            : `: ${context ? visible(context) : s.dim("add context (optional)")}`;
        const row = `${i === this.chosen ? "❯ " : "  "}${i + 1}. ${option.label}${field}`;
        return i === this.chosen ? s.bold(row) : row;
      }),
      s.dim(
        "⚠ Files go back whole; one changed since outside codebot is kept aside first. Changes made by bash are not undone.",
      ),
      "",
    ].join("\n");
  }

  /** What the option chosen does to the conversation and the code (claude's words for the Summarize ones). */
  private effect(choice: RewindChoice | undefined, named: string): string[] {
    if (choice?.summarize?.direction === "from")
      return ["This message and later ones will be summarized. Earlier messages stay as they are."];
    if (choice?.summarize?.direction === "up_to")
      return ["Earlier messages will be summarized. This message and later ones stay as they are."];
    return [
      choice?.conversation
        ? "The conversation goes back to before this message."
        : "The conversation will be unchanged.",
      choice?.code ? `The code will be restored in ${named}.` : "The code will be unchanged.",
    ];
  }

  key(text: string | undefined, key: KeyInfo): { answer: RewindChoice } | "cancel" | undefined {
    const typing = this.options[this.chosen]?.choice?.summarize !== undefined;
    if (typing && this.typed(text, key)) return undefined;
    const number = text !== undefined && /^[1-9]$/.test(text) ? Number(text) - 1 : undefined;
    if (number !== undefined && number < this.options.length) this.chosen = number;
    switch (key.name) {
      case "up":
        this.chosen = Math.max(0, this.chosen - 1);
        return undefined;
      case "down":
        this.chosen = Math.min(this.options.length - 1, this.chosen + 1);
        return undefined;
      case "escape":
        return "cancel";
      case "return":
      case "enter":
        break;
      default:
        if (number === undefined) return undefined;
    }
    const choice = this.options[this.chosen]?.choice;
    if (choice?.summarize)
      return {
        answer: {
          ...choice,
          summarize: { ...choice.summarize, context: this.contexts.get(this.chosen) ?? "" },
        },
      };
    return choice === undefined ? "cancel" : { answer: choice };
  }

  /** A key that edits the chosen Summarize option's context: a character typed, or Backspace. */
  private typed(text: string | undefined, key: KeyInfo): boolean {
    const context = this.contexts.get(this.chosen) ?? "";
    if (key.name === "backspace") {
      this.contexts.set(this.chosen, [...context].slice(0, -1).join(""));
      return true;
    }
    if (key.ctrl || key.meta || text === undefined || !/^\P{Cc}+$/u.test(text)) return false;
    this.contexts.set(this.chosen, context + text);
    return true;
  }

  closed(answer: RewindChoice | undefined): string {
    return answer === undefined ? this.s.dim("rewind cancelled") : "";
  }
}
