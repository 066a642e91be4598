import { CliError } from "./cli-error.js";
import { type SessionPick, sessionToResume } from "./resume-flags.js";
import type { SessionFlags } from "./session-flags.js";
import { newSessionId } from "./session-id-flag.js";

/** The session a run starts: a new one, an earlier one resumed, or a copy of one under a new id. */
export interface SessionToStart {
  sessionId: string;
  resume: boolean;
  /** `--fork-session`: the session `sessionId` starts as a copy of. */
  forkFrom?: string;
}

/**
 * What `--session-id`, `-c`/`-r` and `--fork-session` ask for, as claude 2.1.328 reads them:
 * `--fork-session` without `-c`/`-r` changes nothing; `--session-id` with them names the fork and
 * needs `--fork-session` (resuming a session under another id would be neither one nor the other).
 */
export async function sessionToStart(
  flags: Pick<SessionFlags, "sessionId" | "resume" | "forkSession">,
  where: { codebotHome: string; cwd: string },
  pick?: SessionPick,
): Promise<SessionToStart> {
  if (flags.resume === undefined) return { sessionId: newSessionId(flags.sessionId, where), resume: false };
  if (flags.sessionId !== undefined && flags.forkSession !== true)
    throw new CliError("--session-id with -c/--continue or -r/--resume also needs --fork-session");
  const earlier = await sessionToResume(flags.resume, where, pick);
  if (flags.forkSession !== true) return { sessionId: earlier, resume: true };
  return { sessionId: newSessionId(flags.sessionId, where), resume: true, forkFrom: earlier };
}
