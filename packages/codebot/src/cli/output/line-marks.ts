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
  /** Before the first line of each answer (each assistant message's text). */
  answer: string;
}

export const GLYPH_MARKS: LineMarks = {
  ok: "✓",
  failed: "✗",
  result: "→",
  hook: "  ⚑ ",
  started: "  ⋯ ",
  answer: "",
};

/**
 * Screen-reader mode: words, as claude 2.1.328's `tool:` lines; a screen reader reads ✓, → and ⚑
 * out as "check mark", "right arrow" and "black flag", or not at all. An answer says who speaks,
 * as claude's `claude: ` does (and a sent prompt `you: `, prompt-rows.ts).
 */
export const WORD_MARKS: LineMarks = {
  ok: "tool:",
  failed: "tool failed:",
  result: "result:",
  hook: "",
  started: "",
  answer: "codebot: ",
};
