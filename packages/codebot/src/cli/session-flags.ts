import type { RuntimeOptions } from "../session/create-runtime.js";
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

/**
 * The runtime options the session flags decide, for `cwd` (the project directory as the settings
 * check resolved it) and `model` (the spec the banner or init line shows, so both name the same model).
 */
export function runtimeOptionsOf(flags: SessionFlags, cwd: string, model: string): RuntimeOptions {
  return {
    cwd,
    settingsFiles: flags.project.settingsFiles,
    pluginDirs: flags.project.pluginDirs,
    model,
    ...(flags.permissionMode !== undefined ? { permissionMode: flags.permissionMode } : {}),
    trustProjectHooks: flags.trustProjectHooks,
    ...(flags.maxTurns !== undefined ? { maxTurns: flags.maxTurns } : {}),
    ...(flags.traceFile !== undefined ? { traceFile: flags.traceFile } : {}),
  };
}
