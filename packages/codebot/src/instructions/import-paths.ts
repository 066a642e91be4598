/**
 * The `@path` imports of an instruction file, in order: `@` at the start of a line or after
 * white space, followed by a path (`~/…`, `./…`, `../…`, `/…` or a bare name). Fenced code blocks
 * and inline code spans are skipped, as in Claude Code, so an example like `` `@types/node` ``
 * imports nothing.
 */
export function importPaths(text: string): string[] {
  const out: string[] = [];
  let fenced = false;
  for (const line of text.split("\n")) {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      continue;
    }
    if (fenced) continue;
    const outsideCode = line.replace(/`[^`]*`/g, " ");
    for (const match of outsideCode.matchAll(/(?:^|\s)@([^\s@`]+)/g)) {
      const target = (match[1] ?? "").replace(/[.,;:!?)]+$/, "");
      if (target !== "") out.push(target);
    }
  }
  return out;
}
