/**
 * The shell commands of a skill's text, Claude Code's two forms: `` !`cmd` `` after the start of a
 * line or a space, and a fenced block opened with ` ```! `. The text is cut into plain parts and
 * command parts, in order, so each command's output can take its place.
 */

export type TextPart = { kind: "text"; text: string } | { kind: "shell"; command: string; raw: string };

const COMMANDS = /```!\s*\n?([\s\S]*?)\n?```|(?<=^|\s)!`([^`\n]+)`/gm;

export function shellParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const match of text.matchAll(COMMANDS)) {
    const command = (match[1] ?? match[2] ?? "").trim();
    if (command === "") continue;
    const start = match.index ?? 0;
    if (start > at) parts.push({ kind: "text", text: text.slice(at, start) });
    parts.push({ kind: "shell", command, raw: match[0] });
    at = start + match[0].length;
  }
  if (at < text.length) parts.push({ kind: "text", text: text.slice(at) });
  return parts;
}
