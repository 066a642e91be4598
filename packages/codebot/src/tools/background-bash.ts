import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { BackgroundAgents, EndStatus } from "../agents/background-agents.js";
import { NOTIFICATION_CLOSING, NOTIFICATION_OPENING, xmlText } from "../agents/task-notification.js";
import { writeAll } from "../fs/write-all.js";
import type { BackgroundShellReport } from "../session/session-events.js";
import { lastLinesOf } from "./output-tail.js";
import { runShell, type ShellResult } from "./shell-process.js";

/** A background command's time limit when the call gives none, and the longest it may ask (claude 2.1.328's). */
export const BACKGROUND_DEFAULT_TIMEOUT_MS = 600_000;
export const BACKGROUND_MAX_TIMEOUT_MS = 7_200_000;
/**
 * The most of a background command's output its file keeps (below `read`'s 20 MiB): past it the
 * rest is dropped, one line in the file says so, and the command runs on.
 */
export const BACKGROUND_OUTPUT_LIMIT = 16 * 1024 * 1024;

/** A background command's output file: in the session's folder beside its transcript, as its sub-agents' transcripts are. */
export function backgroundOutputPath(transcriptPath: string, sessionId: string, taskId: string): string {
  return path.join(path.dirname(transcriptPath), sessionId, "tasks", `${taskId}.output`);
}

/**
 * The output files a session resumed (`-c`, `--resume`) left from its earlier runs: still readable
 * by the file tools, as claude 2.1.328's Read read one after `-c` (recorded); their commands are not
 * (task_stop does not know their ids, as claude's did not). Only regular files: codebot wrote its
 * output files as such (O_NOFOLLOW), and a symlink put there (`ln -s ~/.aws/credentials …/tasks/
 * b1.output`) would make the file it points to, outside the project, the file tools' too.
 */
export function earlierOutputFiles(transcriptPath: string, sessionId: string): string[] {
  const folder = path.dirname(backgroundOutputPath(transcriptPath, sessionId, "x"));
  try {
    return fs
      .readdirSync(folder, { withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith(".output"))
      .map((entry) => path.join(folder, entry.name));
  } catch {
    return [];
  }
}

/** Where background shells go, and where their output is written (the session's `tasks` folder). */
export interface BackgroundShellHost {
  tasks: BackgroundAgents;
  /** The output file of a task id. */
  outputFile(taskId: string): string;
  /** The file tools may read that file from now on (the model reads it with `read`, as claude's Read). */
  allowRead(file: string): void;
  /** Told as a shell starts and as it ends (stream-json's task lines, task-lines.ts). */
  report?(shell: BackgroundShellReport): void;
  /** The interactive session: the launch answer is claude's there, not `-p`'s. */
  interactive?: boolean;
}

export interface BackgroundCommand {
  /** The model's command, as the task is named by. */
  command: string;
  /** What bash runs: the command after the hooks' environment file, when there is one. */
  script: string;
  description?: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  toolUseId: string;
}

/** What the bash call answers: claude's text and `tool_use_result`, or why nothing started. */
export type BackgroundLaunch =
  | { ok: true; content: string; data: Record<string, unknown> }
  | { ok: false; error: string };

/**
 * Starts a command in the background: its process group runs on after the call returns, its
 * output (stdout and stderr interleaved) goes to its file, and once it ends the main agent gets
 * claude 2.1.328's `<task-notification>` (recorded). It is killed (SIGTERM to its group, SIGKILL
 * after 2 s) at its time limit, by `task_stop`, by Ctrl+C at the prompt and when the session
 * ends — not by the Ctrl+C of a later call: it has its own abort signal, not the call's.
 */
export function startBackgroundCommand(host: BackgroundShellHost, run: BackgroundCommand): BackgroundLaunch {
  const id = newTaskId();
  const file = host.outputFile(id);
  let output: OutputFile;
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    output = new OutputFile(file);
  } catch (error) {
    return { ok: false, error: `bash: cannot create the output file ${file}: ${(error as Error).message}` };
  }
  host.allowRead(file);
  const description = run.description || run.command;
  const task = { id, description, agentType: "bash", command: run.command };
  const shell = { id, toolUseId: run.toolUseId, description, outputFile: file };
  const started = host.tasks.start(
    task,
    async (signal) => {
      const result = await runShell({
        command: run.script,
        cwd: run.cwd,
        env: run.env,
        timeoutMs: run.timeoutMs,
        signal,
        // The file keeps the output; the result's copy is only its end.
        outputLimit: 4096,
        onOutput: (chunk) => output.write(chunk),
      });
      output.end(endLine(result));
      // Stopped (task_stop, Ctrl+C, the session's end): claude tells the model nothing, and its
      // task line's summary is the description (recorded).
      if (result.aborted) {
        host.report?.({ ...shell, end: { status: "killed", summary: description } });
        return { notification: undefined, status: "killed" };
      }
      const status = statusOf(result);
      const summary = summaryOf(description, result);
      host.report?.({ ...shell, end: { status, summary } });
      return { notification: shellNotification(id, run.toolUseId, file, status, summary), status };
    },
    run.command,
    (count) => output.lastLines(count),
  );
  if (!started) {
    output.end("[not started: the session was ending]");
    return { ok: false, error: "bash: the session is ending; no background command starts now" };
  }
  host.report?.(shell);
  return {
    ok: true,
    content: `Command running in background with ID: ${id}. Output is being written to: ${file}. ${host.interactive === true ? INTERACTIVE_LAUNCH_NOTE : PRINT_LAUNCH_NOTE}`,
    data: {
      stdout: "",
      stderr: "",
      interrupted: false,
      isImage: false,
      noOutputExpected: false,
      backgroundTaskId: id,
    },
  };
}

/**
 * The launch answer's end, as claude 2.1.328's Bash words it (recorded): `-p`'s, and the
 * interactive session's, which tells the model not to poll the file.
 */
const PRINT_LAUNCH_NOTE =
  "You will be notified when it completes. To check interim output, use Read on that file path.";
const INTERACTIVE_LAUNCH_NOTE =
  "You will be notified when it completes — do not poll that file or sleep while waiting. Read the file only if the user asks for progress, or if you need a line it prints before you can go on, such as a server's ready line or port.";

/** claude's shape of a task id: `b` and 8 lower-case letters or digits. */
function newTaskId(): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  const bytes = crypto.randomBytes(8);
  return `b${[...bytes].map((b) => alphabet[b % alphabet.length]).join("")}`;
}

function statusOf(r: ShellResult): EndStatus {
  if (r.timedOut) return "killed";
  return r.spawnError === undefined && r.lostError === undefined && r.exitCode === 0 ? "completed" : "failed";
}

/** The notification's summary, in claude 2.1.328's words (recorded). */
function summaryOf(description: string, r: ShellResult): string {
  const name = `Background command "${xmlText(description)}"`;
  if (r.timedOut) return `${name} was stopped after reaching its background time limit`;
  if (r.spawnError !== undefined) return `${name} failed: ${xmlText(r.spawnError)}`;
  if (r.lostError !== undefined) return `${name} failed: ${xmlText(r.lostError)}`;
  if (r.killedBy !== null) return `${name} was killed by ${r.killedBy}`;
  return r.exitCode === 0 ? `${name} completed (exit code 0)` : `${name} failed with exit code ${r.exitCode}`;
}

/** The line the output file ends with, as claude 2.1.328's (recorded: `[exited with code 3]`, `[killed]`). */
function endLine(r: ShellResult): string {
  if (r.spawnError !== undefined) return `[cannot start the shell: ${r.spawnError}]`;
  if (r.lostError !== undefined) return `[${r.lostError}]`;
  if (r.timedOut || r.aborted || r.killedBy !== null) return "[killed]";
  return `[exited with code ${r.exitCode}]`;
}

/** claude's note on a command stopped at its time limit (recorded). */
const TIME_LIMIT_NOTE =
  "<note>If the work in progress still needs it, start it again with `run_in_background` and a longer `timeout`. If it already had the longest `timeout` allowed, do not restart it. Either way, report that it was stopped.</note>";

function shellNotification(
  id: string,
  toolUseId: string,
  file: string,
  status: EndStatus,
  summary: string,
): string {
  return [
    `${NOTIFICATION_OPENING}<task-notification>`,
    `<task-id>${id}</task-id>`,
    `<tool-use-id>${toolUseId}</tool-use-id>`,
    `<output-file>${file}</output-file>`,
    `<status>${status}</status>`,
    `<summary>${summary}</summary>`,
    ...(status === "killed" ? [TIME_LIMIT_NOTE] : []),
    `</task-notification>${NOTIFICATION_CLOSING}`,
  ].join("\n");
}

/**
 * A background command's output file: written as the output comes, up to BACKGROUND_OUTPUT_LIMIT
 * bytes, through the descriptor it was created with. A path the command (or anyone) removes or
 * replaces meanwhile — by a link, or a FIFO whose open would block the session — is not opened
 * again: the output goes on into the file made for it. Each chunk is written whole (writeAll); once
 * a write fails (a full disk) the output stops there, so the file never skips a piece of the output
 * and goes on after it: its end says from where output was lost, when there is room for that.
 */
class OutputFile {
  private readonly fd: number;
  private written = 0;
  private full = false;
  /** Why the output stopped being written (the first failed write's error). */
  private failed: string | undefined;
  private closed = false;

  constructor(file: string) {
    // Read too, for `/tasks <n>`'s last lines: the file made for the output, whatever is at its path now.
    const { O_RDWR, O_CREAT, O_TRUNC, O_NOFOLLOW } = fs.constants;
    this.fd = fs.openSync(file, O_RDWR | O_CREAT | O_TRUNC | O_NOFOLLOW, 0o600);
  }

  /** Its last `count` lines so far; none once it is closed. */
  lastLines(count: number): string[] {
    if (this.closed) return [];
    try {
      return lastLinesOf(this.fd, count);
    } catch {
      return [];
    }
  }

  write(chunk: string): void {
    if (this.full || this.failed !== undefined) return;
    let bytes = Buffer.from(chunk, "utf8");
    if (this.written + bytes.length > BACKGROUND_OUTPUT_LIMIT) {
      bytes = bytes.subarray(0, BACKGROUND_OUTPUT_LIMIT - this.written);
      this.full = true;
    }
    this.append(bytes);
    this.written += bytes.length;
    if (this.full)
      this.append(
        `\n[output past ${BACKGROUND_OUTPUT_LIMIT / 1024 / 1024} MiB dropped; the command ran on]\n`,
      );
  }

  /** The last line (after one saying the output was not all written, when it was not), then the file is closed. */
  end(line: string): void {
    const lost = this.failed;
    this.failed = undefined;
    if (lost !== undefined) this.append(`\n[output from here not written: ${lost}]`);
    this.append(`\n${line}\n`);
    this.closed = true;
    fs.closeSync(this.fd);
  }

  /** A file that cannot be written (disk full) loses the output from there, not the command. */
  private append(data: string | Buffer): void {
    if (this.failed !== undefined) return;
    try {
      writeAll(this.fd, typeof data === "string" ? Buffer.from(data) : data);
    } catch (error) {
      // The notification still comes; the output is not written on after a piece that is missing.
      this.failed = (error as Error).message;
    }
  }
}
