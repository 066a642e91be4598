/**
 * Claude Code's auto-compact window: automatic compaction counts its threshold against this many
 * tokens instead of the model's whole window (a 1M-token model compacting at 200k keeps each
 * request cheaper). `--autocompact <auto|tokens>` wins over `CLAUDE_CODE_AUTO_COMPACT_WINDOW`, which
 * wins over the settings' `autoCompactWindow` — claude 2.1.328's order. `auto` (or nothing): the
 * model's window. At least 100000 tokens, as claude requires; a window larger than the model's is
 * the model's.
 */
export const LEAST_AUTO_COMPACT_WINDOW = 100_000;

export type AutoCompactWindow = number | "auto";

/** A flag's, variable's or setting's text as a window, or undefined when it is not one. */
export function parseAutoCompactWindow(text: string): AutoCompactWindow | undefined {
  const value = text.trim();
  if (value === "auto") return "auto";
  if (!/^\d+$/.test(value)) return undefined;
  const tokens = Number(value);
  return tokens >= LEAST_AUTO_COMPACT_WINDOW ? tokens : undefined;
}

/** The window in tokens (undefined: the model's), from the three sources in claude's order. */
export function autoCompactWindow(
  flag: AutoCompactWindow | undefined,
  variable: string | undefined,
  setting: AutoCompactWindow | undefined,
  notify: (message: string) => void,
): number | undefined {
  let fromVariable: AutoCompactWindow | undefined;
  if (variable !== undefined && variable.trim() !== "") {
    fromVariable = parseAutoCompactWindow(variable);
    if (fromVariable === undefined)
      notify(
        `codebot: CLAUDE_CODE_AUTO_COMPACT_WINDOW=${variable} is not "auto" or a number of tokens of at least ${LEAST_AUTO_COMPACT_WINDOW}; ignored`,
      );
  }
  const chosen = flag ?? fromVariable ?? setting;
  return chosen === "auto" ? undefined : chosen;
}
