import type { SessionSummary } from "../../transcript/session-files.js";
import { readTranscript } from "../../transcript/transcript-reader.js";
import { historyRecap } from "../output/history-recap.js";
import type { Styles } from "../output/styles.js";

/** What the session picker's preview shows of a session: its recap's rows and how many messages it holds. */
export interface SessionPreview {
  rows: string[];
  messages: number;
}

/**
 * A session's conversation as its resume would recap it (history-recap.ts: prompts, answers, a
 * line per tool call), for the picker's Space (claude 2.1.328's picker previews one so, recorded).
 * `flat`: screen-reader mode's words for marks. Throws when the transcript cannot be read.
 */
export function previewSession(s: Styles, flat: boolean) {
  return (session: SessionSummary, width: number | undefined): SessionPreview => {
    const { shown } = readTranscript(session.transcriptPath);
    // The recap's first and last rows frame it as "earlier in this session": the picker says what it is.
    const rows = historyRecap(shown, s, undefined, width, flat).slice(1, -1);
    return { rows: rows.flatMap((row) => row.split("\n")), messages: shown.length };
  };
}
