import type { Problem, SettingsLayer, SettingsSource } from "@codebot/hooks";
import { type ParseError, parse, printParseErrorCode } from "jsonc-parser";
import { keyProblem, tooDeep } from "./json-structure.js";
import { readSettingsText } from "./read-settings-text.js";

export type LayerRead =
  | { kind: "layer"; layer: SettingsLayer }
  | { kind: "absent" }
  | { kind: "problem"; problem: Problem };

/**
 * Reads one settings file as JSONC (readSettingsText: a regular file of at most 4 MiB, BOM
 * accepted). A file that cannot be read, a syntax error, nesting deeper than the limit, a
 * duplicate key, a `__proto__` key or a non-object document skips the layer with a problem naming
 * the file (and the line and column); it never throws.
 */
export function readLayer(source: SettingsSource, file: string, required: boolean): LayerRead {
  const read = readSettingsText(file);
  if (read.kind === "absent" && !required) return { kind: "absent" };
  if (read.kind !== "text") {
    const why = read.kind === "absent" ? "file not found" : read.message;
    return {
      kind: "problem",
      problem: { severity: "error", scope: "settings", file, message: `${why} (layer skipped)` },
    };
  }
  if (read.notUtf8 !== undefined) {
    // Read as U+FFFD, a byte would silently change a rule or a hook's command (a Latin-1 `é` in a
    // deny rule's path and the rule matches nothing); claude 2.1.328 reads on with U+FFFD (recorded).
    const { offset, byte } = read.notUtf8;
    const hex = byte.toString(16).padStart(2, "0");
    return {
      kind: "problem",
      problem: {
        severity: "error",
        scope: "settings",
        file,
        ...positionOf(read.text, offset),
        message: `not UTF-8 text (byte 0x${hex}); save the file as UTF-8 (layer skipped)`,
        claudeMessage: MALFORMED,
      },
    };
  }
  return layerFromText(source, file, read.text);
}

/**
 * One settings document given as text (a file's, or an inline `--settings` value's; `file` names
 * it in problems), checked as readLayer checks a file.
 */
export function layerFromText(source: SettingsSource, file: string, text: string): LayerRead {
  const at = (offset: number, message: string): LayerRead => ({
    kind: "problem",
    problem: {
      severity: "error",
      scope: "settings",
      file,
      ...positionOf(text, offset),
      message: `${message} (layer skipped)`,
      claudeMessage: MALFORMED,
    },
  });
  // An empty or blank file is no settings, as claude 2.1.328 reads it (recorded; `touch` makes one).
  if (text.trim() === "") return { kind: "layer", layer: { source, path: file, settings: {} } };
  const deep = tooDeep(text);
  if (deep !== undefined) return at(deep.offset, deep.message);
  const errors: ParseError[] = [];
  const settings: unknown = parse(text, errors, { allowTrailingComma: true, disallowComments: false });
  const first = errors[0];
  if (first !== undefined) return at(first.offset, describe(printParseErrorCode(first.error)));
  const badKey = keyProblem(text);
  if (badKey?.firstOffset !== undefined) {
    const { line, column } = positionOf(text, badKey.firstOffset);
    return at(badKey.offset, `${badKey.message}, also at ${line}:${column}`);
  }
  if (badKey !== undefined) return at(badKey.offset, badKey.message);
  if (typeof settings !== "object" || settings === null || Array.isArray(settings)) {
    const message = "the settings file must contain one JSON object (layer skipped)";
    const claudeMessage =
      settings === null
        ? MALFORMED
        : `Expected object, but received ${Array.isArray(settings) ? "array" : typeof settings}`;
    return {
      kind: "problem",
      problem: { severity: "error", scope: "settings", file, message, claudeMessage },
    };
  }
  return { kind: "layer", layer: { source, path: file, settings } };
}

/** claude 2.1.328's words for a settings file it cannot parse (recorded). */
const MALFORMED = "Invalid or malformed JSON";

/** `PropertyNameExpected` → `property name expected`. */
function describe(code: string): string {
  return code.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
}

function positionOf(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  const column = offset - (before.lastIndexOf("\n") + 1) + 1;
  return { line, column };
}
