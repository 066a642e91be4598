/**
 * The spool of hook runs a session gave up when it had to end at once (Ctrl+C or a signal while it
 * was closing): `<session-id>.undelivered.jsonl` beside the transcript, one JSON line per run with
 * the payload it was to get, so that an audit record is never lost silently and can be sent later
 * (docs/runtime.md, "Ending a session").
 */
import fs from "node:fs";
import path from "node:path";
import { type AbandonedRun, commandLine } from "@codebot/hooks";
import { endsMidLine } from "../fs/ends-mid-line.js";

/** What giving up the unfinished hook runs left behind. */
export interface AbandonedHooks {
  /** How many hook runs were given up (queued, running, or never fired). */
  count: number;
  /** SessionEnd had not fired yet: its hooks are among them. */
  sessionEndMissed: boolean;
  /** The spool file. */
  file: string;
  /** Why the spool could not be written, when it could not. */
  error?: string;
}

/** `<dir>/<session-id>.undelivered.jsonl` for the transcript `<dir>/<session-id>.jsonl`. */
export function undeliveredHooksPath(transcriptPath: string): string {
  return `${transcriptPath.replace(/\.jsonl$/, "")}.undelivered.jsonl`;
}

/**
 * Appends one line per run, synchronously (the process exits right after); returns the error
 * text when the file cannot be written.
 */
export function saveUndelivered(file: string, runs: readonly AbandonedRun[]): string | undefined {
  if (runs.length === 0) return undefined;
  const time = new Date().toISOString();
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // A line cut off before (a process killed mid-append) is ended first, so the records after
    // it stay readable one per line.
    const lead = endsMidLine(file) ? "\n" : "";
    // Payloads hold prompts and tool output: only the user may read them, as the transcript.
    fs.appendFileSync(file, lead + runs.map((run) => spoolLine(run, time)).join(""), { mode: 0o600 });
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** The line printed once the runs are given up, without the `codebot: ` prefix; none when nothing was. */
export function abandonedNotice(abandoned: AbandonedHooks): string | undefined {
  if (abandoned.count === 0) return undefined;
  const runs = `${abandoned.count} hook run${abandoned.count === 1 ? "" : "s"}`;
  const missed = abandoned.sessionEndMissed ? " (SessionEnd had not fired; its hooks are among them)" : "";
  if (abandoned.error !== undefined)
    return `exiting now: ${runs} abandoned${missed}; their payloads could not be saved to ${abandoned.file}: ${abandoned.error}`;
  return `exiting now: ${runs} abandoned${missed}; their payloads are in ${abandoned.file}`;
}

/** Said when a failed background http hook run is first kept (and whenever keeping one fails). */
export function undeliveredNotice(hook: string, file: string, error: string | undefined): string {
  if (error !== undefined)
    return `codebot: hook ${hook}: its failed run could not be kept in ${file}: ${error}`;
  return `codebot: hook ${hook}: a background http hook run that fails is kept in ${file} for replay (jq -c .payload)`;
}

/** The line shown while closing waits for background hooks, without the `codebot: ` prefix. */
export function waitingNotice(count: number, file: string): string {
  const runs = `${count} background hook run${count === 1 ? "" : "s"}`;
  return `closing: waiting for ${runs} (each at most its timeout); Ctrl+C abandons ${count === 1 ? "it" : "them"} and saves the payloads to ${file}`;
}

function spoolLine(run: AbandonedRun, time: string): string {
  const entry = {
    time,
    state: run.state,
    event: run.event,
    hook: run.hook,
    source: run.source,
    file: run.file,
    type: run.spec.type,
    ...(run.spec.type === "http" ? { url: run.spec.url } : {}),
    ...(run.spec.type === "command" ? { command: commandLine(run.spec) } : {}),
    ...(run.queuedAt ? { queued_at: run.queuedAt.toISOString() } : {}),
    ...(run.error !== undefined ? { error: run.error } : {}),
  };
  // The payload is already one compact JSON object: spliced in as it is, not parsed again.
  return `${JSON.stringify(entry).slice(0, -1)},"payload":${run.payload}}\n`;
}
