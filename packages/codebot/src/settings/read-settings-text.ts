import fs from "node:fs";
import { NotRegularFileError, openRegularFile } from "@codebot/hooks";
import { errorInWords } from "../fs/error-in-words.js";
import { fileKind } from "../fs/file-kind.js";
import { firstInvalidUtf8 } from "../fs/invalid-utf8.js";

/** Larger than any settings file a person writes; a bigger one is refused, not read. */
export const MAX_SETTINGS_BYTES = 4 * 1024 * 1024;

export type SettingsText =
  /** `notUtf8`: where the file is not UTF-8 (an offset into `text`, its byte); such bytes read as U+FFFD. */
  | { kind: "text"; text: string; notUtf8?: { offset: number; byte: number } }
  | { kind: "absent" }
  | { kind: "error"; message: string };

/**
 * The text of one settings file, read safely from a repository that may be hostile: only a
 * regular file (a symlink to `/dev/zero` or a FIFO would hang or grow without end: openRegularFile),
 * at most MAX_SETTINGS_BYTES, and a leading UTF-8 BOM dropped (editors on Windows write one). Bytes that are not UTF-8 are said (`notUtf8`): a settings
 * reader refuses them, an instruction file's reader need not. A missing file, a symlink to nothing, or a path through
 * a file (`HOME=/dev/null`: no settings file can be there) is absent.
 */
export function readSettingsText(file: string): SettingsText {
  let fd: number;
  let stat: fs.Stats;
  try {
    ({ fd, stat } = openRegularFile(file));
  } catch (error) {
    if (error instanceof NotRegularFileError)
      return { kind: "error", message: `not a regular file (${fileKind(error.stat)})` };
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return { kind: "absent" };
    return { kind: "error", message: cannotRead(error) };
  }
  try {
    if (stat.size > MAX_SETTINGS_BYTES) return tooLarge(`${stat.size} bytes`);
    // Read to the end rather than trust the size: the file may grow while it is read.
    const buffer = Buffer.alloc(MAX_SETTINGS_BYTES + 1);
    let length = 0;
    for (;;) {
      const n = fs.readSync(fd, buffer, length, buffer.length - length, null);
      if (n === 0) break;
      length += n;
      if (length > MAX_SETTINGS_BYTES) return tooLarge("and still growing");
    }
    const bytes = buffer.subarray(0, length);
    const text = bytes.toString("utf8");
    const bom = text.startsWith("\ufeff") ? 1 : 0;
    const invalid = firstInvalidUtf8(bytes, text);
    const notUtf8 = invalid && { offset: invalid.offset - bom, byte: invalid.byte };
    return { kind: "text", text: text.slice(bom), ...(notUtf8 && { notUtf8 }) };
  } catch (error) {
    return { kind: "error", message: cannotRead(error) };
  } finally {
    fs.closeSync(fd);
  }
}

function tooLarge(detail: string): SettingsText {
  const mib = MAX_SETTINGS_BYTES / (1024 * 1024);
  return { kind: "error", message: `larger than ${mib} MiB (${detail}); not read` };
}

/** Why a file could not be read, in words, with the system's code for a search. */
function cannotRead(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  const why = errorInWords(error);
  return why === undefined ? `cannot read (${code ?? String(error)})` : `cannot read: ${why} (${code})`;
}
