/** Markdown keeps them: two trailing spaces end a line with a hard break. */
const MARKDOWN = /\.(md|mdx|markdown)$/i;

/**
 * Edit's `new_string` as Claude Code applies it: trailing spaces and tabs cut from each line, except
 * in Markdown. claude 2.1.328 does this to the model's call itself, so its PreToolUse hooks, its
 * stream and the file all have the trimmed text (recorded with rjspence3/claude-hooks, docs/claude-code.md).
 */
export function trimNewStringLines(filePath: string, newString: string): string {
  return MARKDOWN.test(filePath) ? newString : newString.replace(/[ \t]+(?=\r?\n|$)/g, "");
}
