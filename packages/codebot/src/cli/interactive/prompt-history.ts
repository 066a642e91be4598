import fs from "node:fs";
import path from "node:path";
import { writeFileAtomic } from "../../fs/atomic-write.js";
import { withFileLock } from "../../fs/file-lock.js";
import { projectSlug } from "../../paths/project-slug.js";
import { terminalSafe } from "../output/terminal-safe.js";

/** Prompts kept per project (the newest ones). */
export const HISTORY_SIZE = 500;

/**
 * The prompts typed in a project's interactive sessions, for ↑/↓ in the next session:
 * `$CODEBOT_HOME/projects/<project-slug>/prompt-history.jsonl`, one JSON string per line (a
 * multi-line prompt stays one entry), oldest first. Read once at start; each prompt is added to
 * the file as it is now, under its lock, so sessions running side by side keep each other's.
 * A file that cannot be read or written loses only the history, never the session.
 */
export class PromptHistory {
  readonly file: string;

  constructor(codebotHome: string, projectDir: string) {
    this.file = path.join(codebotHome, "projects", projectSlug(projectDir), "prompt-history.jsonl");
  }

  /**
   * Newest first, as readline's `history` option takes it, each terminal-safe: readline draws an
   * entry brought back (↑, Ctrl+R) raw, and a prompt given on the command line (`codebot "$(git
   * log -1)"`) may hold a repository's escape sequences — an OSC 52 clipboard write.
   */
  load(): string[] {
    return this.entries()
      .slice(-HISTORY_SIZE)
      .reverse()
      .map((entry) => terminalSafe(entry));
  }

  /** Adds a prompt just sent; the same prompt twice in a row is kept once, as readline does. */
  add(prompt: string): void {
    if (prompt === "") return;
    try {
      withFileLock(this.file, () => {
        const entries = this.entries();
        if (entries.at(-1) === prompt) return;
        const lines = [...entries, prompt].slice(-HISTORY_SIZE).map((entry) => JSON.stringify(entry));
        writeFileAtomic(this.file, `${lines.join("\n")}\n`, 0o600);
      });
    } catch {
      // History is a convenience: a read-only home must not disturb the session.
    }
  }

  /** Oldest first; damaged lines are skipped. */
  private entries(): string[] {
    let text: string;
    try {
      text = fs.readFileSync(this.file, "utf8");
    } catch {
      return [];
    }
    const entries: string[] = [];
    for (const line of text.split("\n")) {
      try {
        const entry: unknown = JSON.parse(line);
        if (typeof entry === "string" && entry !== "") entries.push(entry);
      } catch {
        // A damaged line is skipped, the rest is kept.
      }
    }
    return entries;
  }
}
