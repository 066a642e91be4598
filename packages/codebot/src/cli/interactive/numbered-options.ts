/** One answer of a question: the words that say it, and the answer it gives. */
export interface NumberedOption<T extends string> {
  label: string;
  value: T;
}

/**
 * A question's answers as claude 2.1.328's screen-reader mode lists them: one per line, numbered
 * (`1. Yes`), then `Select with numbers [1-3]: `; a screen reader reads a line of `[y]es / [n]o`
 * as brackets and letters. The number answers (one key, as every codebot question).
 */
export function numberedOptions<T extends string>(
  options: readonly NumberedOption<T>[],
): { text: string; choices: Record<string, T> } {
  const lines = options.map((option, i) => `${i + 1}. ${option.label}`);
  const choices = Object.fromEntries(options.map((option, i) => [String(i + 1), option.value]));
  return { text: `${lines.join("\n")}\nSelect with numbers [1-${options.length}]: `, choices };
}
