/**
 * An instruction file's text without its block-level HTML comments, as claude 2.1.328 gives a
 * CLAUDE.md to its model (recorded with a hand-made CLAUDE.md, modelled on wohlford/dotclaude's
 * `<!-- sync:skills … -->` markers): a comment that starts a line (after at most 3 spaces) is
 * dropped up to its `-->`, with the rest of that line when it is blank and the empty lines after
 * it; text after `-->` on the same line stays. A comment inside a paragraph's line, in inline code
 * or in a fenced block stays, and so does one never closed. An `@path` inside a dropped comment is
 * no import.
 */
export function withoutHtmlComments(text: string): string {
  const lines = text.split("\n");
  const out: string[] = [];
  let fence: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? "";
    const fenceMark = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence !== undefined) {
      if (fenceMark !== undefined && fenceMark[0] === fence[0] && fenceMark.length >= fence.length)
        fence = undefined;
      out.push(line);
      continue;
    }
    if (fenceMark !== undefined) {
      fence = fenceMark;
      out.push(line);
      continue;
    }
    if (!/^ {0,3}<!--/.test(line)) {
      out.push(line);
      continue;
    }
    // The comment block runs to the first line holding its `-->` (an unclosed one is left as it is).
    const start = line.indexOf("<!--");
    let end = i;
    while (end < lines.length && !(lines[end] ?? "").includes("-->", end === i ? start + 4 : 0)) end++;
    if (end === lines.length) {
      out.push(line);
      continue;
    }
    const rest = lines
      .slice(i, end + 1)
      .join("\n")
      .replace(/<!--[\s\S]*?-->/g, "");
    i = end;
    if (rest.trim() !== "") {
      out.push(rest);
      continue;
    }
    while (lines[i + 1] === "") i++;
  }
  return out.join("\n");
}
