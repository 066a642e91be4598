/** A paste with more line breaks than this is folded (claude 2.1.328: 3 lines shown, 4 folded). */
const MAX_SHOWN_BREAKS = 2;
/** A paste longer than this (in characters) is folded, even on one line (claude: 800 shown, 801 folded). */
const MAX_SHOWN_LENGTH = 800;

const PLACEHOLDER = /\[Pasted text #(\d+)(?: \+\d+ lines)?\]/g;

/**
 * Large pastes at the prompt, as claude shows them: the prompt holds `[Pasted text #1 +2000 lines]`
 * (`[Pasted text #2]` for a long line without breaks) and the text itself is kept here, put back
 * in its place when the prompt is sent — the model, the transcript and the history get the text.
 * Numbered from 1 for the session; a number is never reused, so a placeholder the user typed,
 * copied from elsewhere, or deleted and retyped expands only to the paste it names — and only in
 * the prompt it was pasted into, as claude 2.1.328's (recorded): a placeholder in a later prompt
 * is sent as typed, so one a prompt suggestion or a copied text spells brings back no earlier
 * paste (a secret pasted, deleted and sent away unseen).
 */
export class PastedTexts {
  private readonly texts = new Map<number, string>();
  private next = 1;

  /** The placeholder the prompt shows for `text`, or undefined when it is small enough to show. */
  fold(text: string): string | undefined {
    const breaks = text.split("\n").length - 1;
    if (breaks <= MAX_SHOWN_BREAKS && text.length <= MAX_SHOWN_LENGTH) return undefined;
    const id = this.next++;
    this.texts.set(id, text);
    return breaks === 0 ? `[Pasted text #${id}]` : `[Pasted text #${id} +${breaks} lines]`;
  }

  /** `prompt` with each placeholder of the pastes of the prompt being typed replaced by its text. */
  expand(prompt: string): string {
    return prompt.replace(
      PLACEHOLDER,
      (placeholder, id: string) => this.texts.get(Number(id)) ?? placeholder,
    );
  }

  /** The prompt is sent: `prompt` expanded, and its pastes forgotten (a later prompt's placeholder is text). */
  send(prompt: string): string {
    const whole = this.expand(prompt);
    this.texts.clear();
    return whole;
  }

  /**
   * Pasting again the text of a placeholder in `line` expands it, as claude does ("paste again to
   * expand"): the line with that placeholder replaced by its text, the cursor after the text.
   */
  unfold(line: string, text: string): { line: string; cursor: number } | undefined {
    for (const match of line.matchAll(PLACEHOLDER)) {
      if (this.texts.get(Number(match[1])) !== text) continue;
      const end = match.index + match[0].length;
      return { line: line.slice(0, match.index) + text + line.slice(end), cursor: match.index + text.length };
    }
    return undefined;
  }

  /** The `[start, end)` spans of `line` that are placeholders of pastes: edited as one character. */
  spans(line: string): Array<[number, number]> {
    const spans: Array<[number, number]> = [];
    for (const match of line.matchAll(PLACEHOLDER))
      if (this.texts.has(Number(match[1]))) spans.push([match.index, match.index + match[0].length]);
    return spans;
  }
}
