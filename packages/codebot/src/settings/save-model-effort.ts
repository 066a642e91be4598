import fs from "node:fs";
import type { EffortLevel } from "@codebot/agentcore";
import { applyEdits, modify, type ParseError, parse, printParseErrorCode } from "jsonc-parser";
import { writeFileAtomic } from "../fs/atomic-write.js";
import { modelSettingsKey } from "./model-settings-key.js";

/**
 * Saves `level` as the effort of the model `spec` for new sessions, where claude 2.1.328's
 * `/effort low` … `xhigh` saves it (recorded in tmux): `modelSettings.<model>.effortLevel` of your
 * user settings file; undefined takes it out again, as claude's `/effort auto` does. The file
 * keeps its other keys, comments and layout (claude rewrites it as plain JSON); one that is not a
 * JSON object is left as it is, and the error says why. A file that is a link is written where it
 * leads (a dotfiles folder's), so the link stays.
 */
export function saveModelEffort(
  file: string,
  spec: string,
  level: Exclude<EffortLevel, "max"> | undefined,
): void {
  const target = realPath(file);
  const text = readText(target);
  const errors: ParseError[] = [];
  const current: unknown = parse(text === "" ? "{}" : text, errors, { allowTrailingComma: true });
  if (errors.length > 0 || typeof current !== "object" || current === null || Array.isArray(current))
    throw new Error(
      `${file}: ${errors[0] ? `not valid JSON (${printParseErrorCode(errors[0].error)} at offset ${errors[0].offset})` : "not a JSON object"}; the effort is not saved`,
    );
  const at = ["modelSettings", modelSettingsKey(spec), "effortLevel"];
  const notObject = at.slice(0, -1).find((_, i) => !objectOrAbsent(current, at.slice(0, i + 1)));
  if (notObject !== undefined)
    throw new Error(
      `${file}: ${at.slice(0, at.indexOf(notObject) + 1).join(".")} is not an object; the effort is not saved`,
    );
  if (level === undefined && valueAt(current, at) === undefined) return;
  const edits = modify(text, at, level, {
    formattingOptions: {
      insertSpaces: !/^\t/m.test(text),
      tabSize: 2,
      eol: text.includes("\r\n") ? "\r\n" : "\n",
    },
  });
  const mode = fs.existsSync(target) ? fs.statSync(target).mode & 0o777 : undefined;
  const saved = applyEdits(text, edits);
  writeFileAtomic(target, saved.endsWith("\n") ? saved : `${saved}\n`, mode);
}

function realPath(file: string): string {
  try {
    return fs.realpathSync(file);
  } catch {
    return file;
  }
}

function readText(file: string): string {
  try {
    return fs.readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return "";
    throw error;
  }
}

/** The value at `keys` (own keys only), undefined when any is absent. */
function valueAt(value: unknown, keys: readonly string[]): unknown {
  let at = value;
  for (const key of keys) {
    if (typeof at !== "object" || at === null || !Object.hasOwn(at, key)) return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

function objectOrAbsent(value: unknown, keys: readonly string[]): boolean {
  const at = valueAt(value, keys);
  return at === undefined || (typeof at === "object" && at !== null && !Array.isArray(at));
}
