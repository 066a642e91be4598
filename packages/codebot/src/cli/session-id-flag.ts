import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sessionDirectory } from "../transcript/session-files.js";
import { isSessionId } from "../transcript/session-id.js";
import { CliError } from "./cli-error.js";

/**
 * The id of a new session: `--session-id <uuid>` (Claude Code's flag: a script that names its
 * sessions itself, to find the transcript or resume it later), else a random one. A given id must
 * be a UUID that no session of this project has: the transcript of another must not be written on.
 */
export function newSessionId(given: string | undefined, where: { codebotHome: string; cwd: string }): string {
  if (given === undefined) return randomUUID();
  if (!isSessionId(given)) throw new CliError(`--session-id: "${given}" is not a valid UUID`);
  const id = given.toLowerCase();
  if (fs.existsSync(path.join(sessionDirectory(where.codebotHome, where.cwd), `${id}.jsonl`)))
    throw new CliError(`--session-id: session ${id} is already in use in this project (-r ${id} resumes it)`);
  return id;
}
