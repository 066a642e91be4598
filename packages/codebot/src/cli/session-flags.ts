import type { PermissionMode } from "../settings/runtime-settings.js";
import type { ProjectFlags } from "./project-flags.js";

/** Output formats of `-p`. */
export type OutputFormat = "text" | "json" | "stream-json";

/** What the command line says about a session (one-shot or interactive). */
export interface SessionFlags {
  project: ProjectFlags;
  model?: string;
  permissionMode?: PermissionMode;
  trustProjectHooks: boolean;
  maxTurns?: number;
  /** `--debug hooks`: every hook trace record, human-readable, on stderr. */
  debugHooks: boolean;
  /** `--trace-file`: every hook trace record appended to this JSONL file. */
  traceFile?: string;
}

export interface OneShotFlags extends SessionFlags {
  /** The prompt, or `true` when `-p` had no argument (then it is read from stdin). */
  prompt: string | true;
  outputFormat: OutputFormat;
}
