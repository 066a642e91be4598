import fs from "node:fs";
import type { SettingsLayer, SettingsSource } from "@codebot/hooks";
import { type ParseError, parse, printParseErrorCode } from "jsonc-parser";
import type { SettingsProblem } from "./settings-problem.js";

export type LayerRead =
  | { kind: "layer"; layer: SettingsLayer }
  | { kind: "absent" }
  | { kind: "problem"; problem: SettingsProblem };

/**
 * Reads one settings file as JSONC. A syntax error or a non-object document skips the layer
 * with a problem naming the file, line and column; it never throws.
 */
export function readLayer(source: SettingsSource, file: string, required: boolean): LayerRead {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" && !required) return { kind: "absent" };
    const why = code === "ENOENT" ? "file not found" : `cannot read (${code ?? String(error)})`;
    return { kind: "problem", problem: { severity: "error", file, message: `${why} (layer skipped)` } };
  }
  const errors: ParseError[] = [];
  const settings: unknown = parse(text, errors, { allowTrailingComma: true, disallowComments: false });
  const first = errors[0];
  if (first !== undefined) {
    const { line, column } = positionOf(text, first.offset);
    const message = `${describe(printParseErrorCode(first.error))} (layer skipped)`;
    return { kind: "problem", problem: { severity: "error", file, line, column, message } };
  }
  if (settings === undefined && text.trim() === "")
    return { kind: "layer", layer: { source, path: file, settings: {} } };
  if (typeof settings !== "object" || settings === null || Array.isArray(settings)) {
    const message = "the settings file must contain one JSON object (layer skipped)";
    return { kind: "problem", problem: { severity: "error", file, message } };
  }
  return { kind: "layer", layer: { source, path: file, settings } };
}

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
