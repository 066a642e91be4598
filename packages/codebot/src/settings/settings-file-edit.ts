import fs from "node:fs";
import path from "node:path";
import { applyEdits, type JSONPath, modify, type ParseError, parse, printParseErrorCode } from "jsonc-parser";
import { writeFileAtomic } from "../fs/atomic-write.js";
import { withFileLock } from "../fs/file-lock.js";
import { readSettingsText } from "./read-settings-text.js";

/** One settings file read to change a value in it: its text, what it holds, its permissions. */
export interface SettingsFileEdit {
  file: string;
  text: string;
  settings: Record<string, unknown>;
  mode: number | undefined;
}

/**
 * Reads a settings file to change it, as the settings loader reads it (readSettingsText: only a
 * regular file, so a FIFO a repository ships cannot stall the session; a BOM, comments, trailing
 * commas and an empty or blank file accepted). Throws an Error whose message says why it cannot
 * be changed ("not valid JSON (…)", "not a regular file (fifo)", …); a missing file is `{}`.
 */
export function readSettingsForEdit(file: string): SettingsFileEdit {
  const read = readSettingsText(file);
  if (read.kind === "error") throw new Error(read.message);
  // Written back, each such byte would be U+FFFD: refused rather than lost.
  if (read.kind === "text" && read.notUtf8 !== undefined) throw new Error("not UTF-8 text; save it as UTF-8");
  const text = read.kind === "text" && read.text.trim() !== "" ? read.text : "";
  const errors: ParseError[] = [];
  const settings: unknown = parse(text === "" ? "{}" : text, errors, { allowTrailingComma: true });
  if (errors[0] !== undefined)
    throw new Error(`not valid JSON (${printParseErrorCode(errors[0].error)} at offset ${errors[0].offset})`);
  if (typeof settings !== "object" || settings === null || Array.isArray(settings))
    throw new Error("not a JSON object");
  const mode = read.kind === "text" ? fs.statSync(file).mode & 0o777 : undefined;
  return { file, text, settings: settings as Record<string, unknown>, mode };
}

/**
 * Runs `change` on the file as it is now, holding `<file>.lock` (file-lock.ts) from the read to
 * the write: two sessions saving a rule, a folder, a model or an effort to one file at the same
 * time would otherwise each write what they read before the other's save, and one save would be
 * lost. Throws readSettingsForEdit's errors, and "cannot write (<code>)" when the lock cannot be
 * made (a read-only folder), like a write that fails.
 */
export function editSettingsFile<T>(file: string, change: (edit: SettingsFileEdit) => T): T {
  let locked = false;
  try {
    return withFileLock(file, () => {
      locked = true;
      return change(readSettingsForEdit(file));
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (!locked && code !== undefined) throw new Error(`cannot write (${code})`);
    throw error;
  }
}

/**
 * Writes `value` at `keys` (undefined takes it out), keeping the file's other keys, comments,
 * indentation and permissions (a 0600 file stays 0600). Throws, the file left as it was, when it
 * has no write permission ("read-only (no write permission)": the rename would replace a file you
 * protected with chmod a-w, even as root) or it or its folder cannot be written ("cannot write
 * (<code>)").
 */
export function writeSettingsValue(edit: SettingsFileEdit, keys: JSONPath, value: unknown): void {
  if (edit.mode !== undefined && (edit.mode & 0o222) === 0)
    throw new Error("read-only (no write permission)");
  const { text } = edit;
  const edits = modify(text, keys, value, {
    formattingOptions: {
      insertSpaces: !/^\t/m.test(text),
      tabSize: 2,
      eol: text.includes("\r\n") ? "\r\n" : "\n",
    },
  });
  const saved = applyEdits(text, edits);
  try {
    writeFileAtomic(edit.file, saved.endsWith("\n") ? saved : `${saved}\n`, edit.mode);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(`cannot write (${code ?? String(error)})`);
  }
}

/**
 * Where a link leads, followed to its end; a link to a file not made yet (a dotfiles folder's)
 * leads to that file, so writing creates it and the link stays.
 */
export function linkTarget(file: string): string {
  let at = file;
  for (let hops = 0; hops < 40; hops++) {
    try {
      return fs.realpathSync(at);
    } catch {
      const stat = fs.lstatSync(at, { throwIfNoEntry: false });
      if (!stat?.isSymbolicLink()) return at;
      at = path.resolve(path.dirname(at), fs.readlinkSync(at));
    }
  }
  return at;
}
