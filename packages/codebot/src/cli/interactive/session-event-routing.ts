import type { SessionEvent, SessionListener } from "../../session/session-events.js";
import { throughMultiplexer } from "./multiplexer-passthrough.js";

/**
 * Where the interactive session's events go: a hook's terminalSequence to the terminal itself
 * (never into a pipe), the rest to the `--debug-file` lines when asked for and to the view.
 * Notices are left out of the view: they reach it through the runtime's `notify` already.
 */
export function sessionEventRouting(
  view: { onEvent(event: SessionEvent): void },
  debugToFile: SessionListener | undefined,
): SessionListener {
  return (event) => {
    if (event.kind === "terminal_sequence") {
      if (process.stdout.isTTY) process.stdout.write(throughMultiplexer(event.sequence, process.env));
      return;
    }
    debugToFile?.(event);
    if (event.kind !== "notice") view.onEvent(event);
  };
}
