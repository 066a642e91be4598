import type { SessionEndReason } from "@codebot/hooks";
import type { Runtime } from "../session/runtime.js";
import { waitingNotice } from "../session/undelivered-hooks.js";

/** Closing that takes longer than this says what it waits for. */
const NOTICE_AFTER_MS = 1000;

/**
 * Closes the session; when background hooks still hold it after a second, `print` gets one line
 * saying how many are left and that Ctrl+C abandons them (close-on-signals.ts saves them).
 */
export async function closeWithNotice(
  runtime: Runtime,
  reason: SessionEndReason,
  print: (line: string) => void,
): Promise<void> {
  const timer = setTimeout(() => {
    const left = runtime.unfinishedHooks();
    if (left > 0) print(waitingNotice(left, runtime.undeliveredHooksPath));
  }, NOTICE_AFTER_MS);
  try {
    await runtime.close(reason);
  } finally {
    clearTimeout(timer);
  }
}
