/**
 * claude 2.1.328's stream-json line for a hook's `systemMessage` (recorded with
 * Gopherlinzy/claude-code-hooks and tuomashatakka/claude-code-hooks): an `informational` notice
 * whose every line is `<hook name> says: <line>` — the hook name as its `hook_started` line has it
 * (`PreToolUse:Read`, `Stop`) —, escape sequences removed and a carriage return read as a line break
 * (`ESC[1A ESC[2K \r text` is an empty line, then the text).
 */
import { terminalSafe } from "./terminal-safe.js";
import type { WireObject } from "./wire.js";

export function hookSaysLine(hookName: string, message: string): WireObject {
  const lines = terminalSafe(message.replace(/\r\n?/g, "\n")).split("\n");
  return {
    type: "system",
    subtype: "informational",
    content: lines.map((line) => `${hookName} says: ${line}`).join("\n"),
    level: "notice",
  };
}
