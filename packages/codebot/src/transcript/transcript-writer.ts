import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { ModelMessage } from "ai";
import { type TranscriptLine, toTranscriptMessage } from "./transcript-line.js";

/**
 * Appends every message of the session to its JSONL file as it happens, one synchronous append
 * per message: a process killed at any moment leaves only whole lines behind.
 */
export class TranscriptWriter {
  /** The last line written per agent: sub-agents chain their own messages. */
  private readonly lastUuid = new Map<string, string>();
  private failed = false;

  constructor(
    readonly file: string,
    private readonly sessionId: string,
    private readonly cwd: string,
    private readonly onError: (message: string) => void = () => {},
  ) {
    // The file exists from the start: hooks get its path in every payload, SessionStart included.
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.appendFileSync(file, "");
  }

  append(message: ModelMessage, agentName = "main"): void {
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
    };
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
