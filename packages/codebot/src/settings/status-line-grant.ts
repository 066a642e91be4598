import type { ApprovedRun } from "./approved-files.js";
import { commandGrantRunning } from "./command-grant.js";

/** The `statusLine` setting as the session uses it. */
export interface StatusLineSetting {
  command: string;
  /** Columns of space before each line (Claude Code's `padding`). */
  padding: number;
  /** Also re-run this often while the prompt waits (Claude Code's `refreshInterval`, in seconds). */
  refreshIntervalMs?: number;
  /**
   * The project files its command runs, as approved (none, for your own that runs nothing of the
   * project). Once one is edited or a new one would run, it is not run again this session (a
   * model's edit, or a program it writes, must not run at every prompt).
   */
  approved?: ApprovedRun;
}

export function statusLineSetting(value: {
  command: string;
  padding?: number;
  refreshInterval?: number;
}): StatusLineSetting {
  return {
    command: value.command,
    padding: value.padding ?? 0,
    ...(value.refreshInterval !== undefined ? { refreshIntervalMs: value.refreshInterval * 1000 } : {}),
  };
}

/**
 * The grant a project's statusLine needs: `statusLine:<command>`, with the content of the project
 * files the command runs (commandGrantRunning). Claude Code runs a project's statusLine once the
 * folder is trusted; codebot asks for this one program, which would otherwise run at every prompt
 * of a freshly cloned repository.
 */
export function statusLineGrantRunning(
  command: string,
  projectDir: string | undefined,
  searchPath?: string,
): ReturnType<typeof commandGrantRunning> {
  return commandGrantRunning("statusLine", command, projectDir, searchPath);
}
