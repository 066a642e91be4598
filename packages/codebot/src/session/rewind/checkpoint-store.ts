import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { NotRegularFileError, openRegularFile } from "@codebot/hooks";
import { writeFileAtomic } from "../../fs/atomic-write.js";
import { endsMidLine } from "../../fs/ends-mid-line.js";
import { fileKind } from "../../fs/file-kind.js";
import type { HeldFile } from "../../tools/tool-environment.js";

/** A file larger than this is not kept: its prompt's row says it cannot be restored. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
/** What one session's copies may take in all; past it, files are not kept (said as above). */
export const MAX_SESSION_BYTES = 256 * 1024 * 1024;

/**
 * One line of the index: a file as it was before a prompt's tools first changed it (`before`:
 * its copy's hash, null when it did not exist, "too-big" when it was not kept), or what codebot
 * left it as (`after`: after a tool's write or a restore, null when codebot removed it).
 */
type IndexLine =
  | { prompt: string; at: number; file: string; before: string | null | "too-big"; mode?: number }
  | { file: string; after: string | null };

/** A prompt a restore goes back to before: its transcript line's uuid and when it began (epoch ms). */
export interface PromptStart {
  uuid: string;
  at: number;
}

/** A file a rewind's code restore would put back, and how. */
export interface FileToRestore {
  file: string;
  /** The hash of its copy, or null: the prompt's tools created it (restoring removes it). */
  before: string | null;
  mode?: number;
}

/** What a code restore did: files put back, removed, those kept aside first, those it could not restore. */
export interface RestoreOutcome {
  restored: string[];
  removed: string[];
  /** Files changed since outside codebot's tools: their content then, kept here before the restore. */
  keptAside: { file: string; copy: string }[];
  notRestorable: string[];
  /** Files the restore could not write or remove (a folder now where a file was), and why: the others are restored. */
  failed: { file: string; reason: string }[];
}

/**
 * The copies of the files codebot's file tools (write, edit) changed, per prompt, kept with the
 * session (`<session folder>/file-checkpoints/`): `index.jsonl` appended one line at a time, and
 * `blobs/<sha256>` written whole (a temporary file renamed) before the line naming it. A crash
 * at any point leaves a consistent store: a blob with no line is unused, a line cut off is
 * skipped when read. Only the first change of a file in a prompt is copied; copies are shared by
 * their hash.
 */
export class CheckpointStore {
  private prompt: { uuid: string; at: number } | undefined;
  /** Files copied for the current prompt. */
  private copied = new Set<string>();
  /**
   * What the copies in `folder` take, bytes: measured once, then each new copy is added. The
   * folder changes with the session (/clear, /resume): a new one is measured.
   */
  private total: { folder: string; bytes: number } | undefined;
  /** A write to the store has failed (said once): the session's own folder is full or read-only. */
  private failed = false;

  constructor(
    private readonly folder: () => string,
    /** Told once when the store cannot be written; the file tools go on regardless. */
    private readonly onError: (message: string) => void = () => {},
  ) {}

  /** A prompt reached the model: the file changes its tools make from now on are its own. */
  startPrompt(uuid: string, at = Date.now()): void {
    this.prompt = { uuid, at };
    this.copied = new Set();
  }

  /**
   * A file tool is about to change `file`: it is copied, once per prompt. `held`: the file as the
   * tool has just read it (`edit` reads it to apply its change), copied as it is rather than read
   * again. Never throws: a copy that fails is said by the row — and, when the store itself cannot
   * be written (the session's folder full or read-only), once to the user: the change to the
   * project is the user's work, the copy only codebot's bookkeeping.
   */
  before(file: string, held?: HeldFile): void {
    const prompt = this.prompt;
    if (prompt === undefined || this.copied.has(file)) return;
    this.copied.add(file);
    let before: string | null | "too-big" = null;
    let mode: number | undefined;
    let content: Buffer | undefined;
    try {
      const stat = held === undefined ? fs.statSync(file) : { size: held.content.length, mode: held.mode };
      mode = stat.mode & 0o7777;
      if (stat.size > MAX_FILE_BYTES || this.bytes() + stat.size > MAX_SESSION_BYTES) before = "too-big";
      else content = held?.content ?? fs.readFileSync(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") before = "too-big";
    }
    if (content !== undefined) {
      try {
        before = this.keep(content);
      } catch (error) {
        before = "too-big";
        this.storeFailed(error);
      }
    }
    this.append({
      prompt: prompt.uuid,
      at: prompt.at,
      file,
      before,
      ...(mode !== undefined ? { mode } : {}),
    });
  }

  /** A file tool wrote `content` to `file`: a later restore knows a change since was not codebot's. */
  after(file: string, content: string | Buffer): void {
    if (this.prompt === undefined) return;
    this.append({ file, after: hashOf(content) });
  }

  /**
   * `/rewind`'s rows, the index read once: for each prompt, the files its tools changed (in the
   * order they were first changed) and those a restore to before it would put back.
   */
  rows(prompts: readonly PromptStart[]): { files: ChangedFile[]; toRestore: string[] }[] {
    const lines = this.lines();
    return prompts.map((prompt) => ({
      files: changedBy(lines, prompt.uuid),
      toRestore: filesBefore(lines, prompt).files.map((f) => f.file),
    }));
  }

  /**
   * Puts the files back as they were before `prompt`: a file the tools
   * created is removed, a changed one gets its copy back. A file changed since outside codebot's
   * tools (its content is not what they left) is restored too, its content then kept aside first.
   */
  restore(prompt: PromptStart): RestoreOutcome {
    const { files, notRestorable } = filesBefore(this.lines(), prompt);
    const left = this.lastLeft();
    const outcome: RestoreOutcome = { restored: [], removed: [], keptAside: [], notRestorable, failed: [] };
    for (const { file, before, mode } of files) {
      try {
        this.restoreOne(file, before, mode, left, outcome);
      } catch (error) {
        outcome.failed.push({ file, reason: (error as Error).message });
      }
    }
    return outcome;
  }

  /** What `restore(prompt)` would put back, nothing written: each file's content then (null: it did not exist). */
  contentsBefore(prompt: PromptStart): { file: string; before: Buffer | null }[] {
    return filesBefore(this.lines(), prompt).files.map(({ file, before }) => ({
      file,
      before: before === null ? null : fs.readFileSync(this.blobPath(before)),
    }));
  }

  private restoreOne(
    file: string,
    before: string | null,
    mode: number | undefined,
    left: Map<string, string | null>,
    outcome: RestoreOutcome,
  ): void {
    const now = readOrNull(file);
    const current = now === null ? null : hashOf(now);
    if (current === before) return;
    if (now !== null && left.has(file) && left.get(file) !== current)
      outcome.keptAside.push({ file, copy: this.blobPath(this.keep(now)) });
    if (before === null) {
      fs.rmSync(file, { force: true });
      outcome.removed.push(file);
    } else {
      writeFileAtomic(file, fs.readFileSync(this.blobPath(before)), mode);
      outcome.restored.push(file);
    }
    this.append({ file, after: before });
  }

  /** What codebot last left each file as. */
  private lastLeft(): Map<string, string | null> {
    const left = new Map<string, string | null>();
    for (const line of this.lines()) if ("after" in line) left.set(line.file, line.after);
    return left;
  }

  private keep(content: Buffer): string {
    const hash = hashOf(content);
    const blob = this.blobPath(hash);
    if (!fs.existsSync(blob)) {
      writeFileAtomic(blob, content);
      if (this.total?.folder === this.folder()) this.total.bytes += content.length;
    }
    return hash;
  }

  private bytes(): number {
    const folder = this.folder();
    if (this.total?.folder === folder) return this.total.bytes;
    const blobs = path.join(folder, "blobs");
    let bytes = 0;
    for (const name of safeList(blobs)) bytes += fs.statSync(path.join(blobs, name)).size;
    this.total = { folder, bytes };
    return bytes;
  }

  private blobPath(hash: string): string {
    return path.join(this.folder(), "blobs", hash);
  }

  private indexPath(): string {
    return path.join(this.folder(), "index.jsonl");
  }

  /**
   * Appends a line to the index; one that cannot be written (a full disk) is left out and said.
   * Left out, a copy's line makes /rewind not know the file changed; an `after` line, that a
   * restore keeps the file's content aside first, as for a change made outside codebot.
   */
  private append(line: IndexLine): void {
    const index = this.indexPath();
    try {
      fs.mkdirSync(path.dirname(index), { recursive: true });
      // A line a crash (or a full disk) cut off is ended first, so that this one stands on its own.
      fs.appendFileSync(index, `${endsMidLine(index) ? "\n" : ""}${JSON.stringify(line)}\n`);
    } catch (error) {
      this.storeFailed(error);
    }
  }

  private storeFailed(error: unknown): void {
    if (this.failed) return;
    this.failed = true;
    this.onError(
      `rewind: cannot save copies of changed files in ${this.folder()}: ${(error as Error).message}; /rewind may not restore the files changed from now on`,
    );
  }

  /**
   * The index's lines; a line cut off or not of the index's shape is skipped — a copy's `before`
   * is a blob's name, so one that is no sha256 (`../../../.ssh/id_rsa`, written by hand) would
   * have a restore copy any file it names over the line's `file`.
   */
  private lines(): IndexLine[] {
    let text: string;
    try {
      text = fs.readFileSync(this.indexPath(), "utf8");
    } catch {
      return [];
    }
    const lines: IndexLine[] = [];
    for (const raw of text.split("\n")) {
      if (raw === "") continue;
      try {
        const line = JSON.parse(raw) as IndexLine;
        if (typeof line?.file === "string" && ("after" in line || ("prompt" in line && namesCopy(line))))
          lines.push(line);
      } catch {
        // cut off by a crash
      }
    }
    return lines;
  }
}

/** A file a prompt's tools changed; not restorable when it was too big to copy. */
export interface ChangedFile {
  file: string;
  restorable: boolean;
}

type CopyLine = Extract<IndexLine, { prompt: string }>;

function changedBy(lines: readonly IndexLine[], prompt: string): ChangedFile[] {
  return lines
    .filter((line): line is CopyLine => "prompt" in line && line.prompt === prompt)
    .map((line) => ({ file: line.file, restorable: line.before !== "too-big" }));
}

/**
 * The files as they were before `prompt`: of every change made since, each file's first copy.
 * Files whose copy was not kept are listed apart. "Since" is the index's order (it is appended as
 * things happen) from the prompt's own first copy; the clock only finds where a prompt that copied
 * nothing began. By the clock alone, a prompt dated later than one after it (the clock set back
 * between them, a transcript line with a future time) took the older copy: a restore to the later
 * prompt put back the file as it was before the earlier one too, and lost the earlier one's changes.
 */
function filesBefore(
  lines: readonly IndexLine[],
  prompt: PromptStart,
): { files: FileToRestore[]; notRestorable: string[] } {
  const own = lines.findIndex((line) => "prompt" in line && line.prompt === prompt.uuid);
  const start = own >= 0 ? own : lines.findIndex((line) => "prompt" in line && line.at >= prompt.at);
  const first = new Map<string, CopyLine>();
  for (const line of start < 0 ? [] : lines.slice(start))
    if ("prompt" in line && !first.has(line.file)) first.set(line.file, line);
  const files: FileToRestore[] = [];
  const notRestorable: string[] = [];
  for (const line of first.values()) {
    if (line.before === "too-big") notRestorable.push(line.file);
    else
      files.push({
        file: line.file,
        before: line.before,
        ...(line.mode !== undefined ? { mode: line.mode } : {}),
      });
  }
  return { files, notRestorable };
}

/** The session's store folder: beside its transcript, where its sub-agents' transcripts are. */
export function checkpointFolder(transcript: string): string {
  return path.join(path.dirname(transcript), path.basename(transcript, ".jsonl"), "file-checkpoints");
}

/** A copy line's `before`: a blob's sha256, none (null), or not kept. */
function namesCopy(line: { before?: unknown }): boolean {
  const { before } = line;
  return (
    before === null || before === "too-big" || (typeof before === "string" && /^[0-9a-f]{64}$/.test(before))
  );
}

function hashOf(content: string | Buffer): string {
  return createHash("sha256").update(content).digest("hex");
}

/**
 * The file's content; null when there is none. What is not a regular file now (a folder, a FIFO,
 * a link to a device, put there outside codebot) is not read — a FIFO would wait for a writer, a
 * device never end —: restoring it fails with an error that says what it is.
 */
export function readOrNull(file: string): Buffer | null {
  let fd: number;
  try {
    ({ fd } = openRegularFile(file));
  } catch (error) {
    if (error instanceof NotRegularFileError)
      throw new Error(`it is ${fileKind(error.stat)} now, not a file; left as it is`);
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  try {
    return fs.readFileSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

function safeList(folder: string): string[] {
  try {
    return fs.readdirSync(folder);
  } catch {
    return [];
  }
}
