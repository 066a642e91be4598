import path from "node:path";
import { type HeldLock, holdFileLock } from "../fs/file-lock.js";

/**
 * Marks session `sessionId` as run by this process: `<session-dir>/<id>.lock`, holding its pid
 * (and where that pid runs, see lock-holder.ts).
 * Two processes on one session append to one transcript and rewrite one task list from what each
 * read at start, losing each other's work; so a session another live codebot runs cannot be
 * resumed. The lock of a run that crashed (its process is gone) does not count; one from another
 * host or container counts until its heartbeat stopped 3 minutes ago.
 */
/** Another live codebot runs the session. */
export class SessionInUseError extends Error {
  override name = "SessionInUseError";
}

export function lockSession(sessionDir: string, sessionId: string): HeldLock {
  // The id becomes a file name: nothing that could point elsewhere.
  if (sessionId === "" || sessionId !== path.basename(sessionId) || sessionId.startsWith("."))
    throw new Error(`session: "${sessionId}" is not a session id`);
  return holdFileLock(
    path.join(sessionDir, sessionId),
    (pid, lock, unseen) =>
      new SessionInUseError(
        `session: ${sessionId} is in use by codebot process ${pid ?? "(pid not written yet)"}` +
          `${unseen ? " (on another host or in another container: its lock counts until it has not been renewed for 3 minutes)" : ""}; ` +
          `let that run end (or stop it) and resume again — if ${pid ?? "it"} is no codebot, remove ${lock}`,
      ),
  );
}

/**
 * The session's lock, or none when its folder cannot be written (a read-only or broken
 * CODEBOT_HOME): such a session is not recorded — its transcript says so — and has no files for
 * another run to spoil. A session in use, or an id that is no file name, is still an error.
 */
export function lockSessionIfRecorded(sessionDir: string, sessionId: string): HeldLock {
  try {
    return lockSession(sessionDir, sessionId);
  } catch (error) {
    const fileSystemError = typeof (error as NodeJS.ErrnoException).code === "string";
    if (error instanceof SessionInUseError || !fileSystemError) throw error;
    return { release() {} };
  }
}

/** The lock of the session a runtime runs now: `/resume` and `/clear` hand it on, `close` lets it go. */
export class SessionLock {
  private current: HeldLock | undefined;

  /** From now on `next` is the session's lock; the one held before is released. */
  hold(next: HeldLock): void {
    const before = this.current;
    this.current = next;
    if (before !== next) before?.release();
  }

  release(): void {
    this.current?.release();
    this.current = undefined;
  }
}
