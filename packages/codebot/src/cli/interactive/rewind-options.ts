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
 * before the prompt chosen — code and conversation, the conversation, the code — or nothing.
 * Each option says what it does to each. The code options are offered only when the file tools
 * changed files since (claude's "Summarize" options are not: codebot compacts the whole
 * conversation only). ↑/↓ and Enter, or the option's number; Esc cancels.
 */
export class RewindOptions implements ListQuestion<RewindChoice> {
  private readonly options: Option[];
  private chosen = 0;

  constructor(
    private readonly point: RewindPoint,
    private readonly s: Styles,
    private readonly cwd: string,
  ) {
    const code = point.toRestore.length > 0;
    this.options = [
      ...(code
        ? [{ label: "Restore code and conversation", choice: { conversation: true, code: true } }]
        : []),
      { label: "Restore conversation", choice: { conversation: true, code: false } },
      ...(code ? [{ label: "Restore code", choice: { conversation: false, code: true } }] : []),
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
      choice?.conversation
        ? "The conversation goes back to before this message."
        : "The conversation will be unchanged.",
      choice?.code ? `The code will be restored in ${named}.` : "The code will be unchanged.",
      ...this.options.map((option, i) => {
        const row = `${i === this.chosen ? "❯ " : "  "}${i + 1}. ${option.label}`;
        return i === this.chosen ? s.bold(row) : row;
      }),
      s.dim(
        "⚠ Files go back whole; one changed since outside codebot is kept aside first. Changes made by bash are not undone.",
      ),
      "",
    ].join("\n");
  }

  key(text: string | undefined, key: KeyInfo): { answer: RewindChoice } | "cancel" | undefined {
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
    return choice === undefined ? "cancel" : { answer: choice };
  }

  closed(answer: RewindChoice | undefined): string {
    return answer === undefined ? this.s.dim("rewind cancelled") : "";
  }
}
