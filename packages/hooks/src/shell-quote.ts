/** A value as one single-quoted shell word: the shell reads it back as exactly this text. */
export function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}
