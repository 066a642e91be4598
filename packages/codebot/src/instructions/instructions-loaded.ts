/**
 * InstructionsLoaded (Claude Code's event): fired for every instruction file given to the model,
 * with Claude Code's `load_reason` and `memory_type`. Observational, except that a hook's
 * `continue: false` halts the session (what the instructions-audit plugin asks for).
 */
import type { HookRunner } from "@codebot/hooks";
import type { StopRequest } from "../session/session.js";
import type { InstructionFile } from "./instruction-file.js";

/** Why a file was loaded (an imported file is `include`, except when all are given again after compaction). */
export type LoadReason = "session_start" | "nested_traversal" | "path_glob_match" | "compact";

/** One file given to the model, and why. */
export interface InstructionLoad {
  file: InstructionFile;
  reason: LoadReason;
  /** The file whose read brought it in (nested_traversal, path_glob_match). */
  triggerFilePath?: string;
  /** The rule's `paths:` globs (path_glob_match). */
  globs?: string[];
}

const MEMORY_TYPE = { user: "User", project: "Project", local: "Local" } as const;

/**
 * Fires InstructionsLoaded for each load (their hooks run together) and resolves with the first
 * `continue: false`, in file order; undefined when no hook asked to stop.
 */
export async function fireInstructionsLoaded(
  runner: HookRunner,
  loads: readonly InstructionLoad[],
): Promise<StopRequest | undefined> {
  if (loads.length === 0 || !runner.hasHooks("InstructionsLoaded")) return undefined;
  const decisions = await Promise.all(
    loads.map(({ file, reason, triggerFilePath, globs }) =>
      runner.fire("InstructionsLoaded", {
        filePath: file.path,
        memoryType: MEMORY_TYPE[file.scope],
        loadReason: file.importedBy !== undefined && reason !== "compact" ? "include" : reason,
        ...(file.importedBy !== undefined ? { parentFilePath: file.importedBy } : {}),
        ...(triggerFilePath !== undefined ? { triggerFilePath } : {}),
        ...(globs !== undefined ? { globs } : {}),
      }),
    ),
  );
  const stop = decisions.find((decision) => decision.kind === "stop");
  return stop ? { hook: stop.by, reason: stop.reason } : undefined;
}
