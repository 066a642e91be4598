/**
 * The reason a Stop or SubagentStop hook sent the agent back with, whole, on rows under its ⚑
 * line when that line had to cut it (a long reason, a long hook name, a narrow terminal): it is
 * what the agent goes on to do, and claude 2.1.328 shows it whole under "Stop hook reported a
 * problem" (recorded in tmux). Other blocks leave it to the ⚑ line: the refused call's result
 * line says the reason.
 */
import type { TraceRecord } from "@codebot/hooks";
import { visible } from "../../approval/visible-text.js";
import { terminalSafe } from "./terminal-safe.js";
import { preview, SENDS_BACK } from "./trace-line.js";
import { wrapWords } from "./word-wrap.js";

/** The reason's rows are indented under the ⚑ line's text. */
const INDENT = "    ";

/** The rows to write under `shown` (the ⚑ line as written, `columns` wide); none if it shows the reason whole. */
export function sentBackReasonRows(
  record: TraceRecord,
  shown: string,
  columns: number | undefined,
): string[] {
  const reason = record.decision?.reason;
  if (!SENDS_BACK.has(record.event) || record.outcome !== "blocked" || reason === undefined) return [];
  const whole = preview(reason, Number.POSITIVE_INFINITY);
  if (!reason.includes("\n") && shown.includes(`reason: ${whole}`)) return [];
  const width = columns === undefined ? Number.POSITIVE_INFINITY : Math.max(10, columns - INDENT.length);
  return terminalSafe(reason)
    .split("\n")
    .filter((line) => line.trim() !== "")
    .flatMap((line) => wrapWords(visible(line), width))
    .map((row) => INDENT + row);
}
