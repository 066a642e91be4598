/**
 * The YAML front-matter of a Markdown file (`---` … `---` at the very top), as Claude Code's
 * agent and skill files carry it: descriptions folded over lines, tool lists, nested `hooks:`.
 * Parsed with a real YAML parser (these files are written for Claude Code, whose parser accepts
 * full YAML); the files may come from a cloned repository, so aliases are capped (no "billion
 * laughs") and only plain data (the core schema, no custom tags) comes out.
 */
import { parseDocument } from "yaml";

export type FrontMatter =
  /** No front-matter block: the whole text is the body. */
  | { kind: "none"; body: string }
  | { kind: "ok"; data: Record<string, unknown>; body: string }
  /** The block is not YAML, or not a mapping: `message` says why and where (1-based line of the file). */
  | { kind: "error"; message: string };

const BLOCK = /^---[ \t]*\r?\n([\s\S]*?)\r?\n?---[ \t]*(?:\r?\n|$)/;

export function parseFrontMatter(text: string): FrontMatter {
  const match = BLOCK.exec(text);
  if (!match) return { kind: "none", body: text };
  const body = text.slice(match[0].length);
  const yaml = match[1] ?? "";
  const doc = parseDocument(yaml, { schema: "core", uniqueKeys: false });
  const [error] = doc.errors;
  if (error) {
    // +1: the opening `---` is the file's first line.
    const line = error.linePos?.[0]?.line;
    const where = line === undefined ? "" : ` (line ${line + 1})`;
    const what = firstLine(error.message).replace(/ at line \d+, column \d+$/, "");
    return { kind: "error", message: `front-matter is not valid YAML${where}: ${what}` };
  }
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: 100 });
  } catch (err) {
    return { kind: "error", message: `front-matter: ${firstLine((err as Error).message)}` };
  }
  if (data === null || data === undefined) return { kind: "ok", data: {}, body };
  if (typeof data !== "object" || Array.isArray(data))
    return { kind: "error", message: "front-matter must be a mapping of keys (name: …, description: …)" };
  return { kind: "ok", data: data as Record<string, unknown>, body };
}

function firstLine(message: string): string {
  return (message.split("\n")[0] ?? message).replace(/:$/, "");
}
