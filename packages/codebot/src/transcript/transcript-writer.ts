import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { addedToolsOf, removedToolsOf, type Usage } from "@codebot/agentcore";
import type { ModelMessage } from "ai";
import type { PermissionDecision } from "../approval/permission-decision.js";
import { appendToRegularFile } from "../fs/append-regular.js";
import { endsMidLine } from "../fs/ends-mid-line.js";
import { makeDirectory } from "../fs/make-directory.js";
import type { ClaudeTimes, EarlierTotals } from "../session/session-totals.js";
import type { ModelUsage } from "../session/session-usage.js";
import { gitBranch } from "../worktree/git-branch.js";
import { apiErrorMessage } from "./api-error-message.js";
import { costStateLine } from "./cost-state-line.js";
import { deferredToolsDeltaLine } from "./deferred-tools-delta-line.js";
import { commandNameText, LOCAL_COMMAND_CAVEAT } from "./local-command-lines.js";
import { decisionFields } from "./permission-decision-fields.js";
import { promptSnapshotLine } from "./prompt-snapshot-line.js";
import { type QueuedCommand, queuedCommandLine } from "./queued-command-line.js";
import { reportedLinesLine } from "./reported-lines-line.js";
import { isSessionId } from "./session-id.js";
import { titleLine } from "./title-line.js";
import {
  type BoundaryKind,
  type PromptSource,
  type TranscriptLine,
  toTranscriptMessage,
  transcriptUsage,
} from "./transcript-line.js";

/**
 * The session list reads a transcript's start and its last `TITLE_WINDOW` bytes (session-files.ts):
 * the title line is written again once this much has been written after it, so the end holds one.
 */
export const TITLE_WINDOW = 64 * 1024;
const TITLE_AGAIN_AFTER = TITLE_WINDOW / 2;
/** A longer title is cut: it is a name for a list, and its line must fit the end the list reads. */
export const MAX_TITLE = 256;

/** How a line's text reaches the file: appendToRegularFile, unless a test puts a failing one in. */
export type AppendText = (file: string, text: string) => void;

/** A retry of a failed model call as the transcript records it (`TranscriptWriter.apiRetry`). */
export interface RetryRecord {
  /** `<status> <body>` as the provider answered, or the error's message without an answer. */
  message: string;
  /** `<status> <the provider's message>`. */
  formatted: string;
  status?: number;
  requestId?: string;
  retryInMs: number;
  retryAttempt: number;
  maxRetries: number;
}

/**
 * Appends every message of the session to its JSONL file as it happens, one synchronous append
 * per message: a process killed at any moment loses at most the line it was writing (a resume
 * reports it cut off), and an append that fails (a full disk) is cut back off whole.
 */
export class TranscriptWriter {
  /** The last line written per chain (`main`, or a sub-agent's run id or name): sub-agents chain their own messages. */
  private readonly lastUuid = new Map<string, string>();
  /** Permission checks of calls whose results are not written yet, by call id. */
  private readonly decisions = new Map<string, PermissionDecision>();
  private failed = false;
  /** False when the file could not be created: the session goes on unrecorded. */
  private recording = true;
  /**
   * The file may end in a line cut off — by a crash (a resumed transcript) or by a failed append
   * that could not be cut back off: the next line checks, and starts on a line of its own.
   */
  private mayEndMidLine = false;
  /**
   * When each prompt of the main agent was first written: a compaction that keeps one writes it
   * again with that time, which `/rewind` restores the files to (a prompt compacted mid-turn).
   */
  private readonly promptTimes = new WeakMap<ModelMessage, string>();
  /** The session's title (a hook's `sessionTitle`), and how many bytes were written since its line. */
  private currentTitle: string | undefined;
  private sinceTitle = 0;

  constructor(
    private current: string,
    private sessionId: string,
    private readonly cwd: string,
    private readonly onError: (message: string) => void = () => {},
    private readonly appendText: AppendText = appendToRegularFile,
    /** False (`--no-session-persistence`): nothing is written, the file is never created. */
    private readonly storage: { persist?: boolean } = {},
  ) {
    this.open(current);
  }

  /** The branch checked out, read once: a message's line names it (`-r`'s Ctrl+B lists a branch's sessions). */
  private checkedOut: { branch: string | undefined } | undefined;
  private branch(): string | undefined {
    this.checkedOut ??= { branch: gitBranch(this.cwd) };
    return this.checkedOut.branch;
  }

  /** The file lines go to. */
  get file(): string {
    return this.current;
  }

  /** From now on, lines go to another session's transcript (`/resume`). */
  switchTo(file: string, sessionId: string): void {
    this.current = file;
    this.sessionId = sessionId;
    this.lastUuid.clear();
    this.currentTitle = undefined;
    this.failed = false;
    this.open(file);
  }

  /**
   * Lines of a resumed transcript: the main agent's messages chain on from its last line; its
   * title is kept, and written again with the first new line (the old one may be far behind).
   */
  continueFrom(lastMainUuid: string | undefined, title?: string): void {
    if (lastMainUuid !== undefined) this.lastUuid.set("main", lastMainUuid);
    this.currentTitle = title;
    this.sinceTitle = TITLE_AGAIN_AFTER;
  }

  /**
   * `/rewind`'s conversation: a line following `uuid` (the line before the prompt gone back to;
   * null: the conversation's start), which the main agent's next lines follow. The lines after
   * `uuid` stay in the file, off the branch: a resume reads the history up to `uuid`, then what
   * follows this line (transcript-reader.ts), quit before another prompt or not. claude writes no
   * such line (its next prompt follows `uuid`): its prompt lines branch off the same way.
   */
  rewindTo(uuid: string | null): void {
    const line = randomUUID();
    this.write(
      {
        type: "system",
        subtype: "rewind",
        content: "Conversation rewound",
        level: "info",
        ...this.mainChainFields(line),
        parentUuid: uuid,
      },
      { key: "main", uuid: line },
    );
  }

  /** The session's title, if a hook gave one (or the resumed transcript had one). */
  get title(): string | undefined {
    return this.currentTitle;
  }

  /** Names the session: a title line, unless it already has this title. */
  setTitle(given: string): void {
    const title = given.length > MAX_TITLE ? `${given.slice(0, MAX_TITLE)}…` : given;
    if (title === this.currentTitle) return;
    this.currentTitle = title;
    this.writeTitle();
  }

  /** The unread lines a resume reported, so that later resumes do not report them again (reported-lines-line.ts). */
  reportedLines(lines: readonly number[]): void {
    this.write(reportedLinesLine(lines, this.sessionId));
  }

  /** The conversation's system prompt, recorded for its resumes (`--system-prompt-snapshot`). */
  recordSystemPrompt(systemPrompt: string): void {
    this.write(promptSnapshotLine(systemPrompt, this.sessionId));
  }

  /**
   * The deferred tools the model is first told of (its listing), as claude 2.1.328 writes its own
   * listing (recorded): a `deferred_tools_delta` line adding every name. A resume reads it with
   * the notes after it to know what the model was told (transcript-reader.ts).
   */
  recordDeferredListing(names: readonly string[]): void {
    const uuid = randomUUID();
    this.write(
      { ...deferredToolsDeltaLine({ added: names }), ...this.mainChainFields(uuid) },
      { key: "main", uuid },
    );
  }

  /**
   * `isCompactSummary` marks the message that carries a compaction's summary (as Claude Code does);
   * an assistant message's `step` (its model and cost) is written as `message.model` and
   * `message.usage`, as Claude Code writes them. A sub-agent's `agentId` marks its run: its lines
   * chain among themselves, apart from another run's of the same name.
   */
  append(
    message: ModelMessage,
    agentName = "main",
    marks: {
      isCompactSummary?: true;
      agentId?: string;
      isMeta?: true;
      origin?: TranscriptLine["origin"];
      promptSource?: PromptSource;
      typedPrompt?: string;
      timestamp?: string;
      uuid?: string;
    } = {},
    step: { usage?: Usage; model?: string } = {},
  ): string {
    // A uuid given (an Agent SDK message's) is taken only in a UUID's shape: it names a line.
    const uuid = marks.uuid !== undefined && isSessionId(marks.uuid) ? marks.uuid : randomUUID();
    const removed = removedToolsOf(message);
    const added = addedToolsOf(message);
    if ((removed !== undefined || added !== undefined) && agentName === "main") {
      this.write(
        { ...deferredToolsDeltaLine({ removed, added }), ...this.mainChainFields(uuid) },
        { key: "main", uuid },
      );
      return uuid;
    }
    const chain = marks.agentId ?? agentName;
    const converted = toTranscriptMessage(message);
    const decided = message.role === "tool" ? this.decisionsOf(message) : {};
    const assistant = message.role === "assistant";
    const branch = this.branch();
    const line: TranscriptLine = {
      ...converted,
      ...(assistant && (step.model !== undefined || step.usage !== undefined)
        ? {
            message: {
              ...converted.message,
              ...(step.model !== undefined ? { model: step.model } : {}),
              ...(step.usage !== undefined ? { usage: transcriptUsage(step.usage) } : {}),
            },
          }
        : {}),
      parentUuid: this.lastUuid.get(chain) ?? null,
      timestamp: new Date().toISOString(),
      sessionId: this.sessionId,
      session_id: this.sessionId,
      cwd: this.cwd,
      isSidechain: agentName !== "main",
      agentName,
      ...(branch !== undefined ? { gitBranch: branch } : {}),
      ...decided,
      ...marks,
      uuid,
    };
    this.write(line, { key: chain, uuid });
    if (agentName === "main" && message.role === "user" && !this.promptTimes.has(message))
      this.promptTimes.set(message, line.timestamp);
    return uuid;
  }

  /** When a user message of the main agent was first written by this writer (undefined: never). */
  firstWritten(message: ModelMessage): string | undefined {
    return this.promptTimes.get(message);
  }

  /**
   * A message steered into the turn — an Agent SDK program's sent mid-turn, or a background run's
   * notification — as claude's `queued_command` line (queued-command-line.ts): `message` is what
   * the model read, `prompt` what was sent (the bare notification) and `sourceUuid` the program's
   * uuid for it (a UUID's shape, else a new one). Returns the line's uuid.
   */
  appendQueued(
    message: ModelMessage,
    kind: QueuedCommand["kind"],
    prompt: string,
    sourceUuid?: string,
  ): string {
    const uuid = randomUUID();
    const source = sourceUuid !== undefined && isSessionId(sourceUuid) ? sourceUuid : randomUUID();
    const converted = toTranscriptMessage(message).message;
    this.write(
      {
        ...queuedCommandLine({ kind, prompt, sourceUuid: source }, converted),
        ...this.mainChainFields(uuid),
      },
      { key: "main", uuid },
    );
    return uuid;
  }

  /** A tool call's permission check, written on its result's line (permission-decision-fields.ts). */
  noteDecision(callId: string, decision: PermissionDecision): void {
    this.decisions.set(callId, decision);
  }

  /** The fields of the checks of a tool message's calls, each taken once. */
  private decisionsOf(message: Extract<ModelMessage, { role: "tool" }>): ReturnType<typeof decisionFields> {
    const ids = message.content.flatMap((part) => (part.type === "tool-result" ? [part.toolCallId] : []));
    return decisionFields(ids, (id) => {
      const decision = this.decisions.get(id);
      this.decisions.delete(id);
      return decision;
    });
  }

  /** Where a line of the main conversation stands: its uuid chained after the last one, when, whose. */
  private mainChainFields(uuid: string) {
    return {
      uuid,
      parentUuid: this.lastUuid.get("main") ?? null,
      timestamp: new Date().toISOString(),
      sessionId: this.sessionId,
      session_id: this.sessionId,
      cwd: this.cwd,
      isSidechain: false,
      agentName: "main",
    };
  }

  /**
   * A prompt's run that ended on a failed model call: its answer, the `API Error` text, as claude
   * 2.1.328 writes it (recorded): a synthetic assistant line (api-error-message.ts) with
   * `isApiErrorMessage`, Claude Code's error type (`error`), the HTTP status and the provider's
   * error type, each when the failure had them. A resume shows it and does not send it.
   */
  apiError(
    text: string,
    error: { kind: string; status?: number; type?: string; failure?: string; requestId?: string },
  ): void {
    const uuid = randomUUID();
    const line = {
      type: "assistant",
      message: apiErrorMessage(text),
      ...this.mainChainFields(uuid),
      ...(error.requestId !== undefined ? { requestId: error.requestId } : {}),
      error: error.kind,
      isApiErrorMessage: true,
      ...(error.status !== undefined ? { apiErrorStatus: error.status } : {}),
      ...(error.type !== undefined ? { apiErrorType: error.type } : {}),
      ...(error.failure !== undefined ? { apiError: error.failure } : {}),
    };
    this.write(line, { key: "main", uuid });
  }

  /**
   * A failed model call about to be tried again, as claude 2.1.328 records it (recorded with a
   * loopback server answering 529): a `system` `api_error` line with the error, the wait and the
   * retry's number, chained in the main conversation. A resume passes over it.
   */
  apiRetry(retry: RetryRecord): void {
    const uuid = randomUUID();
    const line = {
      parentUuid: this.lastUuid.get("main") ?? null,
      isSidechain: false,
      type: "system",
      subtype: "api_error",
      level: "error",
      error: {
        message: retry.message,
        status: retry.status ?? null,
        requestId: retry.requestId ?? null,
        formatted: retry.formatted,
      },
      retryInMs: retry.retryInMs,
      retryAttempt: retry.retryAttempt,
      maxRetries: retry.maxRetries,
      source: "request_retry",
      timestamp: new Date().toISOString(),
      uuid,
      sessionId: this.sessionId,
      session_id: this.sessionId,
      cwd: this.cwd,
      agentName: "main",
    };
    this.write(line, { key: "main", uuid });
  }

  /**
   * Where the conversation was compacted (or cleared): the main agent's history is what follows
   * this line. A resumed session reads from the last boundary on. Claude Code's shape.
   */
  /** Writes the boundary; returns the main agent's line it follows (its `logicalParentUuid`). */
  boundary(
    kind: BoundaryKind,
    metadata: {
      trigger: string;
      preTokens: number;
      preCompactDiscoveredTools?: string[];
      /** `/rewind`'s summaries: which part was summarised, how many messages, the context typed. */
      summarizeDirection?: "from" | "up_to";
      messagesSummarized?: number;
      userContext?: string;
    },
  ): string | null {
    const uuid = randomUUID();
    const logicalParent = this.lastUuid.get("main") ?? null;
    const line = {
      type: "system",
      subtype: kind,
      content: kind === "compact_boundary" ? "Conversation compacted" : "Conversation cleared",
      level: "info",
      compactMetadata: metadata,
      uuid,
      parentUuid: null,
      logicalParentUuid: logicalParent,
      timestamp: new Date().toISOString(),
      sessionId: this.sessionId,
      session_id: this.sessionId,
      cwd: this.cwd,
      isSidechain: false,
      agentName: "main",
    };
    this.write(line, { key: "main", uuid });
    return logicalParent;
  }

  /** The session's spending so far (cost-state-line.ts), written as the session is left. */
  costState(
    used: ReadonlyMap<string, Readonly<ModelUsage>>,
    costOf: (spec: string, usage: Readonly<ModelUsage>) => { usd: number; known: boolean },
    totals: EarlierTotals & ClaudeTimes,
  ): void {
    this.write(costStateLine(this.sessionId, used, costOf, totals));
  }

  /**
   * A built-in command `-p` ran (`/usage`, `/context`), as claude 2.1.328 records it (recorded):
   * its caveat (a meta user message), the command in claude's `<command-name>` form, then its
   * `local_command` line with the output. The session has a conversation then, so `-c` goes on
   * with it, as claude's does; a resume sends the three, as claude's does (transcript-reader.ts).
   */
  localCommandRun(command: string, output: string): void {
    this.append({ role: "user", content: LOCAL_COMMAND_CAVEAT }, "main", { isMeta: true });
    this.append({ role: "user", content: commandNameText(command) });
    this.localCommand(command, output);
  }

  /**
   * A built-in command run in the session (`/clear`, `/compact`), as claude 2.1.328 records it (its
   * `local_command` line, recorded): no message, nothing the model is sent. A session begun by
   * `/clear` has it first, so `-c` goes on with it (session-files.ts), as claude's `-c` does; a
   * `/compact`'s follows the compacted history, a point `/rewind` goes back to (prompt-lines.ts).
   */
  localCommand(command: string, output = "", args = ""): void {
    const uuid = randomUUID();
    this.write(
      {
        type: "system",
        subtype: "local_command",
        content: `<local-command-stdout>${output}</local-command-stdout>`,
        level: "info",
        commandRun: { command, args },
        ...this.mainChainFields(uuid),
      },
      { key: "main", uuid },
    );
  }

  /**
   * The file exists from the start: hooks get its path in every payload, SessionStart included.
   * A home where it cannot be created (read-only) does not end the session, as a full disk does not.
   */
  private open(file: string): void {
    if (this.storage.persist === false) {
      this.recording = false;
      return;
    }
    try {
      makeDirectory(path.dirname(file));
      appendToRegularFile(file, "");
      this.recording = true;
      this.mayEndMidLine = true;
    } catch (error) {
      this.recording = false;
      this.onError(
        `codebot: cannot create the transcript in ${path.dirname(file)}: ${reasonOf(error)}; this session is not recorded`,
      );
    }
  }

  /** `chain`: the line is its chain's last, the next one of that chain chains on from it. */
  private write(line: object, chain?: { key: string; uuid: string }): void {
    if (!this.recording) return;
    const text = `${JSON.stringify(line)}\n`;
    const sizeBefore = sizeOf(this.file);
    try {
      this.appendText(this.file, this.mayEndMidLine && endsMidLine(this.file) ? `\n${text}` : text);
      this.mayEndMidLine = false;
      if (chain) this.lastUuid.set(chain.key, chain.uuid);
      this.sinceTitle += Buffer.byteLength(text);
    } catch (error) {
      // The part of the line that was written goes, so that the next line starts on a line of its own.
      if (sizeBefore !== undefined) cutBack(this.file, sizeBefore);
      this.mayEndMidLine = true;
      // A full disk must not end the session; say so once.
      if (!this.failed)
        this.onError(
          `transcript: cannot write ${this.file}: ${(error as Error).message}; lines that cannot be written are left out`,
        );
      this.failed = true;
    }
    // After a message or boundary line (the title's own line does not count).
    if (chain && this.currentTitle !== undefined && this.sinceTitle >= TITLE_AGAIN_AFTER) this.writeTitle();
  }

  private writeTitle(): void {
    if (this.currentTitle === undefined) return;
    this.write(titleLine(this.currentTitle, this.sessionId));
    this.sinceTitle = 0;
  }
}

function sizeOf(file: string): number | undefined {
  try {
    return fs.statSync(file, { throwIfNoEntry: false })?.size ?? 0;
  } catch {
    return undefined;
  }
}

/** Truncates the file back to `size`, if it can (the next append checks how the file ends). */
function cutBack(file: string, size: number): void {
  try {
    fs.truncateSync(file, size);
  } catch {
    // Shrinking a file does not need space; should it fail anyway, the next append starts a new line.
  }
}

/** An fs error without the path it repeats (`ENOTDIR: not a directory, mkdir '/…'` → `ENOTDIR: not a directory`). */
function reasonOf(error: unknown): string {
  return (error as Error).message.replace(/, \w+ '[^']*'$/, "");
}
