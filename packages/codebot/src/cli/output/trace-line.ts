import type { HookStart, TraceRecord } from "@codebot/hooks";
import { visible } from "../../approval/visible-text.js";
import { cutToColumns } from "./columns.js";
import type { Styles } from "./styles.js";
import { terminalSafe } from "./terminal-safe.js";

const PREVIEW = 160;

/**
 * One human-readable line for a hook trace record (`--debug hooks`, `hooks test`, the terminal):
 * `hook PreToolUse "guard" · blocked · exit 2 · 14 ms · no rm -rf here`.
 */
export function traceLine(record: TraceRecord, styles: Styles, options: HeadOptions = {}): string {
  const { main, details } = traceLineParts(record, styles, options);
  return main + details;
}

/**
 * A trace line in two parts: `main`, the hook's name and what came of it (outcome, exit code,
 * duration), and `details`, what it said (` · reason: …`, its context, errors; maybe ""). A
 * terminal too narrow for both cuts the details first (session-view.ts): with a long reason the
 * name of the hook that blocked stayed cut to `"PreToolUse[…"`.
 */
export function traceLineParts(
  record: TraceRecord,
  styles: Styles,
  options: HeadOptions = {},
): { main: string; details: string } {
  const head = headOf(record, styles, options);
  const parts: string[] = [];
  const details: string[] = [];
  const decision = record.decision;
  // A matched run that never started still has an outcome to show (timed out waiting, abandoned).
  if (record.skipped === "not started") parts.push(styles.dim("not started"));
  if (record.skipped !== undefined && record.skipped !== "not started") {
    parts.push(
      record.skipped === "not approved"
        ? styles.yellow(`not approved: ${record.approvalReason ?? "denied"}`)
        : styles.dim(`skipped: ${skipText(record.skipped)}`),
    );
    if (decision?.block) parts.push(styles.red("counts as a block"));
  } else if (record.outcome === "cancelled") {
    // Esc or Ctrl+C stopped it (or the session closed): not the hook's failure, nor an exit code to give.
    // Why is a detail, after the time, as a block's reason is: on a narrow terminal it is cut first
    // (in front of the time, `cancelled: interrupted by the user` cut the name to `"PreToolUse[…"`).
    parts.push(styles.yellow("cancelled"));
    if (record.durationMs !== undefined) parts.push(`${record.durationMs} ms`);
    details.push(styles.yellow(preview(record.cancelReason ?? "run cancelled")));
  } else {
    parts.push(outcomeText(record, styles, options.endsRun === true));
    if (record.exitCode !== undefined)
      parts.push(record.exitCode === null ? "no exit code" : `exit ${record.exitCode}`);
    if (record.durationMs !== undefined) parts.push(`${record.durationMs} ms`);
    if (decision?.reason !== undefined) details.push(`reason: ${preview(decision.reason)}`);
    if (decision?.ignored !== undefined)
      details.push(styles.dim(`block ignored: ${preview(decision.ignored)}`));
    if (decision?.updatedInput !== undefined)
      details.push(`rewrote input: ${preview(JSON.stringify(decision.updatedInput))}`);
    if (decision?.additionalContext !== undefined)
      details.push(`context: ${preview(decision.additionalContext)}`);
    if (record.error !== undefined && !decision?.reason?.includes(record.error))
      details.push(styles.red(preview(record.error)));
    if (record.truncated?.length) details.push(`cut at cap: ${record.truncated.join(", ")}`);
    if (record.warnings?.length) details.push(styles.yellow(record.warnings.map(preview).join("; ")));
  }
  return { main: `${head} · ${parts.join(" · ")}`, details: details.map((d) => ` · ${d}`).join("") };
}

/**
 * The line for a hook that starts running (`--debug hooks`), its statusMessage last:
 * `hook PreToolUse "scan" · started · scanning the command…`.
 */
export function startLine(start: HookStart, styles: Styles, options: { file?: boolean } = {}): string {
  const status = start.statusMessage !== undefined ? ` · ${preview(start.statusMessage)}` : "";
  return `${headOf(start, styles, options)} · ${styles.dim("started")}${status}`;
}

interface HeadOptions {
  /** Name the settings file the hook came from. */
  file?: boolean;
  /** Cut the hook's name to this many columns (a narrow terminal: its outcome stays in view). */
  nameColumns?: number;
  /** A Stop or SubagentStop hook's block at the attempts cap: the (sub-)agent's run ends, it is not sent back. */
  endsRun?: boolean;
}

/** `hook <Event> "<name>"`, with the settings file it came from when asked. */
function headOf(
  h: Pick<TraceRecord, "event" | "hook" | "source" | "file">,
  styles: Styles,
  options: HeadOptions,
): string {
  const where = options.file ? styles.dim(` (${h.source}: ${h.file})`) : "";
  const name = options.nameColumns === undefined ? h.hook : cutToColumns(h.hook, options.nameColumns);
  return `hook ${h.event} ${JSON.stringify(name)}${where}`;
}

/** Events whose block keeps the agent working rather than refusing something. */
export const SENDS_BACK: ReadonlySet<string> = new Set(["Stop", "SubagentStop"]);

function outcomeText(record: TraceRecord, styles: Styles, endsRun: boolean): string {
  switch (record.outcome) {
    case "blocked":
      // A sub-agent's run ends with its last answer as the agent tool's result; the main agent goes on.
      if (endsRun)
        return styles.red(
          record.event === "SubagentStop"
            ? "ends the sub-agent's run at the attempts cap"
            : "ends the run at the attempts cap",
        );
      // A Stop hook's block is the agent told to go on (tests still fail), not a refusal.
      return SENDS_BACK.has(record.event) ? styles.yellow("sent back") : styles.red("blocked");
    case "failed":
      return styles.red("failed");
    case "timed out":
      return styles.red("timed out");
    default:
      // A hook answering `permissionDecision: "ask"` let the call go on to the user's question, which
      // comes next: "allowed" above that question read as if the hook had let it run.
      if (record.outcome === "allowed" && record.decision?.permission === "ask") return styles.yellow("asks");
      return styles.green(record.outcome ?? "ran");
  }
}

/** Why a hook was skipped, in words (trace lines, and `hooks list` for the managed settings' switches). */
export function skipText(reason: NonNullable<TraceRecord["skipped"]>): string {
  switch (reason) {
    case "matcher":
      return "matcher did not match";
    case "if":
      return "if did not match";
    case "disabled":
      return "disabled (enabled: false)";
    case "all hooks disabled":
      return "all hooks disabled (disableAllHooks)";
    case "managed hooks only":
      return "not a managed hook (allowManagedHooksOnly in the managed settings)";
    case "hooks disabled":
      return "hooks disabled (disableAllHooks; only the managed hooks run)";
    default:
      return reason;
  }
}

/**
 * One line of at most PREVIEW characters, without control sequences (it may come from a hook or a
 * tool); characters that reorder or hide text (U+202E, zero-width ones) written out (`\u202e`):
 * a file name `evil\u202etxt.exe` showed as `evilexe.txt`.
 */
export function preview(text: string, max = PREVIEW): string {
  const line = visible(terminalSafe(text).replace(/\s+/g, " ").trim());
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
