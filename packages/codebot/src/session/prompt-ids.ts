/**
 * Claude Code's `prompt_id`: a fresh id for each user prompt, kept until the next one. Claude
 * Code hooks get it on every event of that prompt (tool calls, Stop) and on SessionEnd; none
 * before the first prompt (SessionStart).
 */
import { randomUUID } from "node:crypto";

export class PromptIds {
  private id: string | undefined;

  /** The prompt being answered, or the last one; undefined before the first. */
  get current(): string | undefined {
    return this.id;
  }

  /** A user prompt begins. */
  next(): void {
    this.id = randomUUID();
  }
}
