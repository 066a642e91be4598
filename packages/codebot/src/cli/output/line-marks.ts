/** The marks of a tool call's line and a hook's line. */
export interface LineMarks {
  ok: string;
  failed: string;
  /** Between the call and its result. */
  result: string;
  /** Before a hook's line (it starts with `hook`), with its indentation. */
  hook: string;
  /** Before a hook's line as it starts (its statusMessage), with its indentation. */
  started: string;
}

export const GLYPH_MARKS: LineMarks = { ok: "✓", failed: "✗", result: "→", hook: "  ⚑ ", started: "  ⋯ " };

/**
 * Screen-reader mode: words, as claude 2.1.328's `tool:` lines; a screen reader reads ✓, → and ⚑
 * out as "check mark", "right arrow" and "black flag", or not at all.
 */
export const WORD_MARKS: LineMarks = {
  ok: "tool:",
  failed: "tool failed:",
  result: "result:",
  hook: "",
  started: "",
};
