import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ResumedCache } from "@codebot/hooks";
import { removeStaleTemps } from "../../fs/stale-temps.js";
import { forkSessionFiles } from "../../transcript/fork-session.js";
import { sessionDirectory } from "../../transcript/session-files.js";
import { isSessionId } from "../../transcript/session-id.js";
import { type RestoredConversation, readTranscript } from "../../transcript/transcript-reader.js";
import { TranscriptWriter } from "../../transcript/transcript-writer.js";
import type { RuntimeOptions } from "../runtime-options.js";
import type { RuntimeParts } from "../runtime-parts.js";
import type { SessionEvents } from "../session-events.js";
import { lockSessionIfRecorded, type SessionLock } from "../session-lock.js";
import { nameSession } from "../session-title.js";
import type { Notify } from "./session-notices.js";

/**
 * The transcript phase: the session's id and its files (transcript, task list, validation mark,
 * hooks' env file), the conversation it resumes, and its lock. `/resume` and `/clear` switch the
 * session in place: `id` and the paths change then.
 */
export class SessionFiles {
  transcriptPath: string;
  tasksPath: string;

  private constructor(
    /** The project's folder of session files. */
    readonly dir: string,
    private readonly codebotHome: string,
    public id: string,
    /** False persist (`--no-session-persistence`): nothing of the session is written. */
    readonly storage: { persist: boolean },
    /** Whose files the session's earlier state is read from: its own, or those of the session a fork that writes nothing starts from. */
    readonly readId: string,
    readonly restored: RestoredConversation | undefined,
    readonly transcript: TranscriptWriter,
  ) {
    this.transcriptPath = path.join(dir, `${id}.jsonl`);
    this.tasksPath = path.join(dir, `${id}.tasks.json`);
  }

  static open(
    options: RuntimeOptions,
    where: { cwd: string; codebotHome: string; trustFile: string },
    sessionLock: SessionLock,
    events: SessionEvents,
    notify: Notify,
  ): SessionFiles {
    const dir = sessionDirectory(where.codebotHome, where.cwd);
    const id = options.sessionId ?? randomUUID();
    const storage = { persist: options.persistSession !== false };
    if (options.forkFrom !== undefined && storage.persist) forkSessionFiles(dir, options.forkFrom, id);
    const readId = storage.persist ? id : (options.forkFrom ?? id);
    // Before its transcript and task list are read or written: another codebot may be running it.
    // A session that writes nothing spoils no other run's files.
    if (storage.persist) sessionLock.hold(lockSessionIfRecorded(dir, id));
    const restored = options.resume
      ? restoreSession(readId, path.join(dir, `${readId}.jsonl`), notify)
      : undefined;
    const transcript = new TranscriptWriter(
      path.join(dir, `${id}.jsonl`),
      id,
      where.cwd,
      notify,
      undefined,
      storage,
    );
    continueTranscript(transcript, restored);
    if (options.sessionName !== undefined) nameSession(transcript, events, options.sessionName);
    // What a codebot killed mid-write left beside the transcripts, task lists and trust files.
    for (const folder of [dir, path.dirname(where.trustFile)]) removeStaleTemps(folder);
    return new SessionFiles(dir, where.codebotHome, id, storage, readId, restored, transcript);
  }

  /** Claude Code's CLAUDE_ENV_FILE: what SessionStart and Setup hooks export, bash commands get. */
  readonly hookEnvFile = (): string => path.join(this.codebotHome, "session-env", this.id, "hooks-env.sh");

  /** A session that writes nothing of its own: its private temp folder, once made. */
  private tempDir: string | undefined;

  /**
   * Where files a tool result refers to are kept (an MCP resource's binary content), as claude
   * keeps them: `<session>/tool-results` beside the transcript; for a session that writes nothing
   * of its own, in a temp folder of its own (made private: another user cannot plant it).
   */
  toolResultsDir(): string {
    if (this.storage.persist) return path.join(this.dir, this.id, "tool-results");
    this.tempDir ??= fs.mkdtempSync(path.join(os.tmpdir(), "codebot-tool-results-"));
    return path.join(this.tempDir, this.id);
  }

  /** The file marking a session's changes as not yet validated (ValidationMark). */
  markPath(id: string): string {
    return path.join(this.dir, `${id}.unverified`);
  }

  /** The task list the session starts with (a fork's that writes nothing: the forked session's). */
  tasksAtStart(): string {
    return path.join(this.dir, `${this.readId}.tasks.json`);
  }

  identity(): { sessionId: string; transcriptPath: string; tasksPath: string } {
    return { sessionId: this.id, transcriptPath: this.transcriptPath, tasksPath: this.tasksPath };
  }

  /** Points the id, the paths and the transcript at another session (a new one for `/clear`). */
  switchTo(id: string, restored?: RestoredConversation): void {
    this.id = id;
    this.transcriptPath = path.join(this.dir, `${id}.jsonl`);
    this.tasksPath = path.join(this.dir, `${id}.tasks.json`);
    this.transcript.switchTo(this.transcriptPath, this.id);
    continueTranscript(this.transcript, restored);
  }
}

/**
 * `/resume <id>` and `/clear`: the conversation to go on with, and `switchFiles` (everything that
 * points at the session's files) to run once the switch is accepted.
 */
export function sessionSwitches(
  files: SessionFiles,
  sessionLock: SessionLock,
  notify: Notify,
  switchFiles: (id: string, restored?: RestoredConversation) => void,
  cacheOf: (restored: RestoredConversation) => ResumedCache | undefined,
): Pick<RuntimeParts, "resume" | "fresh"> {
  return {
    resume: (id) => {
      const lock = id === files.id ? undefined : lockSessionIfRecorded(files.dir, id);
      const file = path.join(files.dir, `${id}.jsonl`);
      let conversation: RestoredConversation;
      try {
        conversation = restoreSession(id, file, notify);
      } catch (error) {
        lock?.release();
        throw error;
      }
      return {
        messages: conversation.messages,
        cache: () => cacheOf(conversation),
        shown: conversation.shown,
        ...(conversation.listedDeferred ? { listedDeferred: conversation.listedDeferred } : {}),
        switchFiles: () => {
          if (lock) sessionLock.hold(lock);
          switchFiles(id, conversation);
        },
        abandon: () => lock?.release(),
      };
    },
    fresh: () => {
      const id = randomUUID();
      const lock = lockSessionIfRecorded(files.dir, id);
      return {
        messages: [],
        switchFiles: () => {
          sessionLock.hold(lock);
          switchFiles(id);
        },
        abandon: () => lock.release(),
      };
    },
  };
}

/** The conversation of an earlier session, with a notice of what could not be restored. */
function restoreSession(sessionId: string, transcriptPath: string, notify: Notify): RestoredConversation {
  if (!isSessionId(sessionId)) throw new Error(`session: "${sessionId}" is not a session id`);
  if (!fs.existsSync(transcriptPath))
    throw new Error(`session: no session ${sessionId} in this project (${path.dirname(transcriptPath)})`);
  let restored: RestoredConversation;
  try {
    restored = readTranscript(transcriptPath);
  } catch (error) {
    throw new Error(`session: cannot resume ${sessionId}: ${(error as Error).message}; nothing was changed`);
  }
  for (const line of restored.skipped) notify(`codebot: resuming ${sessionId}: ${line}`);
  if (restored.unreadLines.length > 0)
    notify(
      `codebot: resuming ${sessionId}: the unread line(s) stay in ${transcriptPath} as they were; later resumes skip them without saying so again`,
    );
  return restored;
}

/**
 * New lines of a resumed session chain on from its last line. The error results made up for calls
 * cut off are written too, and which unread lines were reported: later resumes find them and do
 * not report those calls and lines again.
 */
function continueTranscript(transcript: TranscriptWriter, restored: RestoredConversation | undefined): void {
  if (!restored) return;
  transcript.continueFrom(restored.lastUuid, restored.title);
  if (restored.unreadLines.length > 0) transcript.reportedLines(restored.unreadLines);
  if (restored.interrupted.length > 0) transcript.append({ role: "tool", content: restored.interrupted });
}
