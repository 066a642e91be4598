import fs from "node:fs";
import path from "node:path";
import { projectSlug } from "../paths/project-slug.js";

/** Where a project's transcripts and task lists live: `<CODEBOT_HOME>/projects/<slug>/`. */
export function sessionDirectory(codebotHome: string, cwd: string): string {
  return path.join(codebotHome, "projects", projectSlug(cwd));
}

/** A session of the project, as `--resume` lists it. */
export interface SessionSummary {
  id: string;
  transcriptPath: string;
  /** When its transcript was last written. */
  modified: Date;
  /** The start of its first prompt ("" when it has none). */
  firstPrompt: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Only the start of a transcript is read for its first prompt. */
const HEAD_BYTES = 64 * 1024;

/** The project's sessions, the most recently written first. */
export function listSessions(dir: string): SessionSummary[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  const sessions: SessionSummary[] = [];
  for (const name of names) {
    if (!name.endsWith(".jsonl")) continue;
    const id = name.slice(0, -".jsonl".length);
    if (!UUID.test(id)) continue;
    const transcriptPath = path.join(dir, name);
    const stat = fs.statSync(transcriptPath, { throwIfNoEntry: false });
    if (!stat?.isFile()) continue;
    sessions.push({ id, transcriptPath, modified: stat.mtime, firstPrompt: firstPrompt(transcriptPath) });
  }
  return sessions.sort((a, b) => b.modified.getTime() - a.modified.getTime());
}

/** True when `id` is a session id (a UUID): only such ids are turned into file names. */
export function isSessionId(id: string): boolean {
  return UUID.test(id);
}

function firstPrompt(file: string): string {
  const fd = fs.openSync(file, "r");
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const read = fs.readSync(fd, buffer, 0, HEAD_BYTES, 0);
    for (const raw of buffer.subarray(0, read).toString("utf8").split("\n")) {
      try {
        const line = JSON.parse(raw);
        if (line.type !== "user" || line.isSidechain) continue;
        const content = line.message?.content;
        const text =
          typeof content === "string"
            ? content
            : Array.isArray(content)
              ? (content.findLast((b: { type?: string }) => b.type === "text")?.text ?? "")
              : "";
        if (text) return text.replace(/\s+/g, " ").trim().slice(0, 80);
      } catch {
        // A cut line: keep looking.
      }
    }
    return "";
  } finally {
    fs.closeSync(fd);
  }
}
