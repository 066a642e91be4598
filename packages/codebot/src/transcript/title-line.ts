/**
 * A session's title in its transcript, as Claude Code writes one:
 * `{"type":"custom-title","customTitle":"…","sessionId":"…"}`. The last such line names the session
 * (a hook's `sessionTitle` sets it); tools that read Claude Code's transcripts find it there too.
 */
import type { CheckedLine } from "./line-shape.js";

export const TITLE_TYPE = "custom-title";

export function titleLine(title: string, sessionId: string): object {
  return { type: TITLE_TYPE, customTitle: title, sessionId };
}

/** The title a line gives, if it is a title line. */
export function titleOf(line: CheckedLine): string | undefined {
  if (line.type !== TITLE_TYPE) return undefined;
  const title = (line as { customTitle?: unknown }).customTitle;
  return typeof title === "string" && title.trim() !== "" ? title : undefined;
}
