import fs from "node:fs";
import type { SessionEvent } from "../session/session-events.js";
import { stylesFor } from "./output/styles.js";
import { startLine, traceLine } from "./output/trace-line.js";
import { appendableFile } from "./trace-file-flag.js";

/**
 * `-d, --debug [filter]` and `--debug-file <path>`, as claude 2.1.328 takes them: a filter is a
 * comma-separated list of categories (`hooks,mcp`), or of exclusions (`!hooks,!mcp`: every
 * category but those); none means every category. codebot's one debug category is `hooks` (each
 * hook's start and trace record as a readable line); others are accepted and show nothing.
 * `--debug-file` sends the lines to that file (appended) instead of stderr and implies `--debug`.
 */
export interface DebugFlags {
  debugHooks: boolean;
  /** Absolute path the debug lines are appended to, instead of stderr. */
  debugFile?: string;
}

export function debugFlags(filter: string | true | undefined, file: string | undefined): DebugFlags {
  const on = filter !== undefined || file !== undefined;
  const debugHooks = on && (typeof filter !== "string" || includesHooks(filter));
  return {
    debugHooks,
    ...(file !== undefined ? { debugFile: appendableFile("--debug-file", file, { makeFolder: true }) } : {}),
  };
}

function includesHooks(filter: string): boolean {
  const names = filter
    .split(",")
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== "");
  if (names.length === 0) return true;
  const excluded = names.filter((name) => name.startsWith("!")).map((name) => name.slice(1));
  if (excluded.length === names.length) return !excluded.includes("hooks");
  return names.includes("hooks");
}

/**
 * Where `-p` and `--init-only` write debug lines: stderr (styled when a terminal), or the
 * `--debug-file` (plain, each line appended as it comes, so a run that dies keeps what it wrote,
 * to the file opened at the start).
 * Undefined when debugging is off.
 */
export function debugLines(flags: DebugFlags): ((event: SessionEvent) => void) | undefined {
  if (!flags.debugHooks) return undefined;
  const file = flags.debugFile;
  const styles = stylesFor(file === undefined ? process.stderr : {});
  // The file is opened once, now: a `debug.log` the model (or a hook) swaps for a symbolic link
  // later in the session does not take the lines where it points.
  const fd = file === undefined ? undefined : fs.openSync(file, "a");
  const write =
    fd === undefined
      ? (line: string) => process.stderr.write(`${line}\n`)
      : (line: string) => fs.writeSync(fd, `${line}\n`);
  return (event) => {
    if (event.kind === "hook_start") write(startLine(event.start, styles, { file: true }));
    if (event.kind === "hook") write(traceLine(event.record, styles, { file: true }));
  };
}
