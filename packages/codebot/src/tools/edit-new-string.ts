/**
 * Markdown keeps them: two trailing spaces end a line with a hard break. claude 2.1.328 kept them in
 * `.md`, `.MD` and `.mdx` files and trimmed a `.markdown` file's (recorded).
 */
const MARKDOWN = /\.(md|mdx)$/i;

/**
 * Edit's `new_string` as Claude Code applies it: trailing spaces and tabs cut from each line, except
 * in Markdown. claude 2.1.328 does this to the model's call itself, so its PreToolUse hooks, its
 * stream and the file all have the trimmed text (recorded with rjspence3/claude-hooks, docs/claude-code.md).
 */
export function trimNewStringLines(filePath: string, newString: string): string {
  return MARKDOWN.test(filePath) ? newString : newString.split("\n").map(trimLineEnd).join("\n");
}

/**
 * One line without its trailing spaces and tabs, a `\r` ending kept. Walked from the end by hand: a
 * regex such as `/[ \t]+$/` retries from every blank of a run that ends in something else, so a
 * model's 80,000 blanks before a letter took 14 s of the event loop (quadratic).
 */
function trimLineEnd(line: string): string {
  const cr = line.endsWith("\r") ? 1 : 0;
  let end = line.length - cr;
  while (end > 0 && (line[end - 1] === " " || line[end - 1] === "\t")) end--;
  return end === line.length - cr ? line : line.slice(0, end) + line.slice(line.length - cr);
}
