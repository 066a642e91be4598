import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { ModelMessage } from "ai";
import { type BoundaryKind, type TranscriptLine, toTranscriptMessage } from "./transcript-line.js";

/** True when a (resumed) transcript ends in a line cut off by a crash: new lines must not join it. */
function endsMidLine(file: string): boolean {
  let fd: number;
  try {
    fd = fs.openSync(file, "r");
  } catch {
    return false;
  }
  try {
    const size = fs.fstatSync(fd).size;
    if (size === 0) return false;
    const last = Buffer.alloc(1);
    fs.readSync(fd, last, 0, 1, size - 1);
    return last[0] !== 0x0a;
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Appends every message of the session to its JSONL file as it happens, one synchronous append
 * per message: a process killed at any moment leaves only whole lines behind.
 */
export class TranscriptWriter {
  /** The last line written per agent: sub-agents chain their own messages. */
  private readonly lastUuid = new Map<string, string>();
  private failed = false;

  constructor(
    private current: string,
    private sessionId: string,
    private readonly cwd: string,
    private readonly onError: (message: string) => void = () => {},
  ) {
    // The file exists from the start: hooks get its path in every payload, SessionStart included.
    fs.mkdirSync(path.dirname(current), { recursive: true });
    fs.appendFileSync(current, endsMidLine(current) ? "\n" : "");
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
    this.failed = false;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.appendFileSync(file, endsMidLine(file) ? "\n" : "");
  }

  /** Lines of a resumed transcript: the main agent's messages chain on from its last line. */
  continueFrom(lastMainUuid: string | undefined): void {
    if (lastMainUuid !== undefined) this.lastUuid.set("main", lastMainUuid);
  }

  /** `isCompactSummary` marks the message that carries a compaction's summary (as Claude Code does). */
  append(message: ModelMessage, agentName = "main", marks: { isCompactSummary?: true } = {}): void {
    const uuid = randomUUID();
    const line: TranscriptLine = {
      ...toTranscriptMessage(message),
      uuid,
      parentUuid: this.lastUuid.get(agentName) ?? null,
      timestamp: new Date().toISOString(),
      sessionId: this.sessionId,
      session_id: this.sessionId,
      cwd: this.cwd,
      isSidechain: agentName !== "main",
      agentName,
      ...marks,
    };
    this.write(line, agentName, uuid);
  }

  /**
   * Where the conversation was compacted (or cleared): the main agent's history is what follows
   * this line. A resumed session reads from the last boundary on. Claude Code's shape.
   */
  boundary(kind: BoundaryKind, metadata: { trigger: string; preTokens: number }): void {
    const uuid = randomUUID();
    const line = {
      type: "system",
      subtype: kind,
      content: kind === "compact_boundary" ? "Conversation compacted" : "Conversation cleared",
      level: "info",
      compactMetadata: metadata,
      uuid,
      parentUuid: null,
      logicalParentUuid: this.lastUuid.get("main") ?? null,
      timestamp: new Date().toISOString(),
      sessionId: this.sessionId,
      session_id: this.sessionId,
      cwd: this.cwd,
      isSidechain: false,
      agentName: "main",
    };
    this.write(line, "main", uuid);
  }

  private write(line: object, agentName: string, uuid: string): void {
    try {
      fs.appendFileSync(this.file, `${JSON.stringify(line)}\n`);
      this.lastUuid.set(agentName, uuid);
    } catch (error) {
      // A full disk must not end the session; say so once.
      if (!this.failed) this.onError(`transcript: cannot write ${this.file}: ${(error as Error).message}`);
      this.failed = true;
    }
  }
}
