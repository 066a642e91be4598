import path from "node:path";
import { visible } from "../../approval/visible-text.js";
import type { RewindPoint } from "../../session/rewind/rewind.js";
import type { Styles } from "../output/styles.js";
import type { KeyInfo, ListQuestion } from "./questions.js";

const CHOSEN = "❯ ";
/** The heading's, the `(current)` row's, the keys' and the cursor's rows around the prompts'. */
const AROUND_ROWS = 6;

/**
 * `/rewind`'s first question, as claude 2.1.328's (recorded): the conversation's prompts, oldest
 * first, each over the files its tools changed, then `(current)`, which is chosen at first.
 * ↑/↓ move, Enter on a prompt goes on to what to restore, Enter on `(current)` or Esc cancels.
 */
export class RewindPicker implements ListQuestion<RewindPoint> {
  private chosen: number;
  private top = 0;

  constructor(
    private readonly points: readonly RewindPoint[],
    private readonly s: Styles,
    private readonly cwd: string,
    private readonly columns: () => number | undefined,
    private readonly rows: () => number | undefined = () => undefined,
  ) {
    this.chosen = points.length;
  }

  draw(): string {
    const s = this.s;
    const width = (this.columns() ?? 80) - 1;
    const cut = (text: string) => (text.length > width ? `${text.slice(0, width - 1)}…` : text);
    const height = this.rows();
    // Two rows a prompt: as many as the terminal leaves room for, the chosen one among them.
    const fit =
      height === undefined ? this.points.length + 1 : Math.max(1, Math.floor((height - AROUND_ROWS) / 2));
    this.top = Math.min(Math.max(this.top, this.chosen - fit + 1, 0), this.chosen);
    const rows: string[] = [];
    const all = [...this.points, undefined];
    all.slice(this.top, this.top + fit).forEach((point, i) => {
      const mark = this.top + i === this.chosen ? CHOSEN : "  ";
      if (point === undefined) {
        rows.push(mark === CHOSEN ? s.bold(`${mark}(current)`) : `${mark}(current)`);
        return;
      }
      const text = cut(`${mark}${visible(point.text.split("\n")[0] ?? "")}`);
      rows.push(mark === CHOSEN ? s.bold(text) : text);
      rows.push(s.dim(cut(`  ${filesSummary(point, this.cwd)}`)));
    });
    return [
      s.bold("Rewind"),
      "Restore the code and/or conversation to the point before…",
      ...rows,
      s.dim("Enter to continue · Esc to cancel"),
      "",
    ].join("\n");
  }

  key(_text: string | undefined, key: KeyInfo): { answer: RewindPoint } | "cancel" | undefined {
    switch (key.name) {
      case "up":
        this.chosen = Math.max(0, this.chosen - 1);
        return undefined;
      case "down":
        this.chosen = Math.min(this.points.length, this.chosen + 1);
        return undefined;
      case "return":
      case "enter": {
        const point = this.points[this.chosen];
        return point === undefined ? "cancel" : { answer: point };
      }
      case "escape":
        return "cancel";
    }
    return undefined;
  }

  closed(answer: RewindPoint | undefined): string {
    return answer === undefined ? this.s.dim("rewind cancelled") : "";
  }
}

/** What a prompt's tools changed, as the picker's second row says it (claude's words where it has them). */
export function filesSummary(point: RewindPoint, cwd: string): string {
  const kept = point.files.filter((f) => f.restorable);
  const lost = point.files.length - kept.length;
  const names =
    kept.length === 0
      ? "No code changes"
      : kept.length === 1
        ? shownPath(kept[0]?.file ?? "", cwd)
        : `${kept.length} files changed`;
  return lost > 0 ? `${names}, can't restore ${lost} more` : names;
}

/**
 * A file as the rows name it: relative to the project when inside it, its control characters
 * written out — the name is the model's `file_path`, and one holding an OSC 52 clipboard write
 * reached the terminal from every row naming it.
 */
export function shownPath(file: string, cwd: string): string {
  const relative = path.relative(cwd, file);
  return visible(relative.startsWith("..") || path.isAbsolute(relative) ? file : relative);
}
