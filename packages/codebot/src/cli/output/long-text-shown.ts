/** Past this many characters, a command or path is shown as its start and its end. */
const MOST_CHARS = 2_000;
const START_CHARS = 1_000;
const END_CHARS = 500;

/**
 * A tool call's command (or path) as the tool line and the approval question show it: whole up to
 * MOST_CHARS characters, else its start and its end around `…[N characters not shown …]…`.
 * The terminal draws both again and again, breaking them into rows: a 5 MB one-line command from
 * the model had not been asked about after two minutes. The start and the end are where a command
 * says what it runs; what lies between, the user reads whole in `wholeIn` (a file) when named.
 * `runs`: the programs the whole runs (programs-named.ts), as the hidden middle may run any.
 */
export function longTextShown(text: string, wholeIn?: string, runs?: string): string {
  if (text.length <= MOST_CHARS) return text;
  const hidden = (text.length - START_CHARS - END_CHARS).toLocaleString("en-US");
  const running = runs === undefined ? "" : `; it runs ${runs}`;
  const where = wholeIn === undefined ? "" : `; the whole is in ${wholeIn}`;
  return `${text.slice(0, START_CHARS)} …[${hidden} characters not shown (${text.length.toLocaleString("en-US")} in all${running}${where})]… ${text.slice(-END_CHARS)}`;
}

/** Whether `longTextShown` cuts `text`. */
export function isCut(text: string): boolean {
  return text.length > MOST_CHARS;
}
