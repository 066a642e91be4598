import path from "node:path";
import type { Command } from "commander";
import { listSessions, type SessionSummary, sessionDirectory } from "../transcript/session-files.js";
import { CliError } from "./cli-error.js";
import { shownTitle } from "./output/session-title.js";

/** `-c` (the latest session), `-r <id>` (that one) or `-r` alone (pick one from a list). */
export type ResumeRequest = { kind: "latest" } | { kind: "id"; id: string } | { kind: "pick" };

/** Adds `-c, --continue` and `-r, --resume [session-id]` to the root command. */
export function withResumeOptions(command: Command): Command {
  return command
    .option("-c, --continue", "continue the latest session of this project")
    .option("-r, --resume [session-id]", "resume a session of this project (no id: pick one from a list)");
}

/** What the options ask for; both at once is an error. */
export function resumeRequestOf(opts: {
  continue?: boolean;
  resume?: string | true;
}): ResumeRequest | undefined {
  if (opts.continue && opts.resume !== undefined)
    throw new CliError("-c/--continue and -r/--resume exclude each other");
  if (opts.continue) return { kind: "latest" };
  if (opts.resume === true) return { kind: "pick" };
  if (opts.resume !== undefined) return { kind: "id", id: opts.resume };
  return undefined;
}

/**
 * The session id to resume. `pick` chooses from the list (newest first) and is given only in a
 * terminal; without it, `-r` alone lists the sessions and asks for an id.
 */
export async function sessionToResume(
  request: ResumeRequest,
  where: { codebotHome: string; cwd: string },
  pick?: SessionPick,
): Promise<string> {
  if (request.kind === "id") return request.id;
  const here = sessionDirectory(where.codebotHome, where.cwd);
  const sessions = listSessions(here);
  // The picker opens on none, as claude 2.1.328's (recorded): its Ctrl+A lists every project's.
  if (sessions.length === 0 && !(request.kind === "pick" && pick?.takesNone))
    throw new CliError(`no earlier session of this project (${where.cwd}) to resume`);
  if (request.kind === "latest") return (sessions[0] as SessionSummary).id;
  if (!pick) {
    const list = sessions
      .slice(0, 20)
      .map((session) => sessionLine(session))
      .join("\n");
    throw new CliError(`--resume needs a session id here; the project's sessions, newest first:\n${list}`);
  }
  const chosen = await pick(sessions);
  if (!chosen) throw new CliError("no session chosen");
  // Another project's (Ctrl+A): said how to resume it there and ended, exit code 0, as claude's
  // ("This session is from a different directory. To resume, run: cd … && claude --resume …").
  if (path.dirname(chosen.transcriptPath) !== here)
    throw new CliError(
      `session ${chosen.id} is from a different folder; to resume it, run: cd ${shellWord(shownTitle(chosen.folder ?? "?"))} && codebot --resume ${chosen.id}`,
      0,
    );
  return chosen.id;
}

/**
 * How `-r` alone picks a session: `takesNone` when it can show an empty list (the picker, whose
 * Ctrl+A lists every project's), else a project without sessions is an error.
 */
export type SessionPick = ((sessions: SessionSummary[]) => Promise<SessionSummary | undefined>) & {
  takesNone?: boolean;
};

/** A folder as one shell word, to be pasted: quoted unless plainly safe. */
function shellWord(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", "'\\''")}'`;
}

/** `<id>  <when>  <title or first prompt>[ (fork of <id>)]`, as the list shows a session; the id cut to `idLength` when given. */
export function sessionLine(session: SessionSummary, idLength?: number): string {
  const { head, title, fork } = sessionLineParts(session, idLength);
  return `${head}  ${title}${fork}`;
}

/**
 * A session's line in parts: `<id>  <when>`, its title or first prompt, and ` (fork of 0f1e2d3c)`
 * for a fork ("" otherwise) — a fork has its origin's prompts and title, so this is what tells
 * them apart (claude 2.1.328 lists both alike). The first prompt may hold what was piped in
 * (`git log | codebot -p summarize`: a repository's commit messages), so it is made as safe for
 * the terminal as a title.
 */
export function sessionLineParts(
  session: SessionSummary,
  idLength?: number,
): { head: string; title: string; fork: string } {
  const when = session.modified.toISOString().replace("T", " ").slice(0, 16);
  const title = session.title === undefined ? undefined : shownTitle(session.title);
  const id = idLength === undefined ? session.id : session.id.slice(0, idLength);
  // The all-projects list's rows end with the session's folder, as claude's (a cloned transcript's: made safe as a title).
  const folder = session.folder === undefined ? "" : ` · ${shownTitle(session.folder)}`;
  const fork = `${session.forkedFrom === undefined ? "" : ` (fork of ${session.forkedFrom.slice(0, 8)})`}${folder}`;
  return { head: `${id}  ${when}`, title: title ?? (shownTitle(session.firstPrompt) || "(no prompt)"), fork };
}
