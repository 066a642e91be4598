import fs from "node:fs";
import { endsMidLine } from "../fs/ends-mid-line.js";
import type { SessionSummary } from "./session-files.js";
import { titleLine } from "./title-line.js";
import { MAX_TITLE } from "./transcript-writer.js";

/**
 * Names a session from the session picker (Ctrl+R, as claude 2.1.328's picker renames one): its
 * transcript gets a title line, as a running session's TranscriptWriter writes one, so the lists,
 * `/status` and a resume of it show the name. Returns the title written (cut as setTitle cuts
 * it); throws when the file cannot be written.
 */
export function renameSession(session: SessionSummary, name: string): string {
  const title = name.length > MAX_TITLE ? `${name.slice(0, MAX_TITLE)}…` : name;
  const line = `${JSON.stringify(titleLine(title, session.id))}\n`;
  // A transcript cut off mid-line (a crash) keeps its last line; the title starts on its own.
  fs.appendFileSync(session.transcriptPath, endsMidLine(session.transcriptPath) ? `\n${line}` : line);
  return title;
}
