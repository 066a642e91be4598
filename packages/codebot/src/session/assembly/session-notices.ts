import type { RuntimeOptions } from "../runtime-options.js";
import { SessionEvents } from "../session-events.js";

/** Tells the user something: a line, and (for a failed hook run) the tool call it was for. */
export type Notify = (message: string, toolUseId?: string) => void;

/** The session's event stream, and its notices: each goes to the user and, as a `notice` event, to the listeners. */
export function sessionNotices(options: Pick<RuntimeOptions, "notify" | "onEvent">): {
  events: SessionEvents;
  notify: Notify;
} {
  const events = new SessionEvents();
  if (options.onEvent) events.subscribe(options.onEvent);
  const userNotify = options.notify ?? ((message: string) => process.stderr.write(`${message}\n`));
  const notify = (message: string, toolUseId?: string): void => {
    userNotify(message, toolUseId);
    events.emit({ kind: "notice", message });
  };
  return { events, notify };
}
