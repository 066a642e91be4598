/**
 * The YAML front-matter of a skill or command file (`---` … `---` at the very top) and the text
 * after it. The YAML parser is loaded only when a file has front-matter, so sessions without
 * skills do not pay for it.
 */

import { quoteLooseValues } from "./loose-front-matter.js";

/**
 * `invalid`: the file's front-matter is not a YAML mapping (Claude Code then reads the file as if
 * it had none); `error`: codebot could not read it at all (its YAML parser did not load).
 */
export type FrontMatter =
  | { kind: "ok"; data: Record<string, unknown>; body: string }
  | { kind: "invalid"; message: string; body: string }
  | { kind: "error"; message: string; body: string };

const FENCE = /^---\r?\n([\s\S]*?)\r?\n?---[ \t]*(?:\r?\n|$)/;

export async function parseFrontMatter(text: string): Promise<FrontMatter> {
  const match = FENCE.exec(text.replace(/^\uFEFF/, ""));
  if (!match) return { kind: "ok", data: {}, body: text };
  const body = text.slice((match.index ?? 0) + match[0].length + (text.startsWith("\uFEFF") ? 1 : 0));
  const source = match[1] ?? "";
  if (source.trim() === "") return { kind: "ok", data: {}, body };
  let parse: typeof import("yaml").parse;
  try {
    ({ parse } = await import("yaml"));
  } catch (error) {
    // Its file (dist/bundle/vendor/yaml.cjs) missing or broken: this file is reported, the session goes on.
    const reason = error instanceof Error ? error.message : String(error);
    return {
      kind: "error",
      message: `front-matter cannot be read: the YAML parser did not load (${reason})`,
      body,
    };
  }
  // No custom tags, no anchors blowing up: a hostile file gets a parse error, not a crash.
  const strict = (yaml: string) => parse(yaml, { maxAliasCount: 100, prettyErrors: false });
  let data: unknown;
  try {
    data = strict(source);
  } catch (error) {
    // Read as Claude Code reads it: loose plain values are text (loose-front-matter.ts).
    const loose = quoteLooseValues(source, strict);
    try {
      if (loose === undefined) throw error;
      data = strict(loose);
    } catch {
      return {
        kind: "invalid",
        message: `front-matter is not valid YAML: ${(error as Error).message}`,
        body,
      };
    }
  }
  if (data === null || data === undefined) return { kind: "ok", data: {}, body };
  if (typeof data !== "object" || Array.isArray(data))
    return { kind: "invalid", message: "front-matter must be a YAML mapping (key: value lines)", body };
  return { kind: "ok", data: data as Record<string, unknown>, body };
}
