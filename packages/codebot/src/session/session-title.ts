import type { TranscriptWriter } from "../transcript/transcript-writer.js";
import type { SessionEvents } from "./session-events.js";

/**
 * Names the session (`--name`, a hook's `sessionTitle`): the transcript's title line, and a
 * `title` event when the title changed — stream-json says it as claude does
 * (`system`/`session_title_changed`).
 */
export function nameSession(transcript: TranscriptWriter, events: SessionEvents, given: string): void {
  const before = transcript.title;
  transcript.setTitle(given);
  const title = transcript.title;
  if (title !== undefined && title !== before) events.emit({ kind: "title", title });
}
