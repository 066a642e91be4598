/**
 * What compiling a native entry and a Claude Code group's hook have in common: zod issues in the
 * project's wording, unknown-key warnings, the executor spec and the derived label.
 */
import type { z } from "zod";
import type { HookSpec } from "./executor.js";
import { type Matcher, MatcherSyntaxError } from "./matcher.js";
import { nearName } from "./near-name.js";
import type { Problem } from "./problem.js";
import { textStart } from "./text-start.js";

/** A problem about one entry; the caller adds the file, event and index. */
export type EntryReport = (p: Omit<Problem, "file" | "event" | "index">) => void;

/** The fields every hook type shares, whichever shape it came in. */
export type SpecSource =
  | { type: "command"; command: string; args?: string[] | undefined; persistent?: boolean | undefined }
  | { type: "prompt"; prompt: string; model?: string | undefined }
  | {
      type: "http";
      url: string;
      headers?: Record<string, string> | undefined;
      allowedEnvVars?: string[] | undefined;
    }
  | { type: "mcp_tool"; server: string; tool: string; input?: Record<string, unknown> | undefined }
  | { type: "agent"; prompt: string; model?: string | undefined };

const LABEL_MAX = 48;

export function specOf(entry: SpecSource): HookSpec {
  switch (entry.type) {
    case "command":
      return {
        type: "command",
        command: entry.command,
        ...(entry.args !== undefined ? { args: entry.args } : {}),
        ...(entry.persistent ? { persistent: true } : {}),
      };
    case "prompt":
      return { type: "prompt", prompt: entry.prompt, ...(entry.model ? { model: entry.model } : {}) };
    case "http":
      return {
        type: "http",
        url: entry.url,
        ...(entry.headers ? { headers: entry.headers } : {}),
        ...(entry.allowedEnvVars ? { allowedEnvVars: entry.allowedEnvVars } : {}),
      };
    case "mcp_tool":
      return {
        type: "mcp_tool",
        server: entry.server,
        tool: entry.tool,
        ...(entry.input ? { input: entry.input } : {}),
      };
    case "agent":
      return { type: "agent", prompt: entry.prompt, ...(entry.model ? { model: entry.model } : {}) };
  }
}

/** `PreToolUse[0] command: exit 2`, the body shortened to one line. */
export function derivedLabel(where: string, entry: SpecSource): string {
  const body =
    entry.type === "command"
      ? [entry.command, ...(entry.args ?? [])].join(" ")
      : entry.type === "prompt" || entry.type === "agent"
        ? entry.prompt
        : entry.type === "http"
          ? entry.url
          : `${entry.server}/${entry.tool}`;
  const line = body.replace(/\s+/g, " ").trim();
  const short = line.length > LABEL_MAX ? `${textStart(line, LABEL_MAX - 1)}…` : line;
  return `${where} ${entry.type}: ${short}`;
}

/** The compiled pattern, or undefined once the reason it does not compile is reported on `field`. */
export function compileMatcher(
  parse: (pattern: string) => Matcher,
  pattern: string,
  field: string,
  report: EntryReport,
): Matcher | undefined {
  try {
    return parse(pattern);
  } catch (err) {
    if (!(err instanceof MatcherSyntaxError)) throw err;
    report({ severity: "error", field, message: err.message });
    return undefined;
  }
}

/** The hook types of a native entry. */
const NATIVE_TYPES = ["command", "prompt", "http"] as const;

/** `must be "command", "prompt" or "http", not "futuretype"`: what a hook of an unknown type is told. */
export function typeMessage(type: unknown, types: readonly string[] = NATIVE_TYPES): string {
  const names = types.map((t) => JSON.stringify(t));
  const listed = `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;
  return type === undefined ? `is required (${listed})` : `must be ${listed}, not ${JSON.stringify(type)}`;
}

/**
 * Reports every schema issue of an entry; `prefix` places the fields (`hooks[1].`), `types` are
 * the hook types the entry may have.
 */
export function reportIssues(
  error: z.ZodError,
  raw: Record<string, unknown>,
  report: EntryReport,
  prefix = "",
  types: readonly string[] = NATIVE_TYPES,
): void {
  for (const issue of error.issues) {
    const field = issue.path.map(String).join(".");
    report({
      severity: "error",
      ...(prefix || field ? { field: `${prefix}${field}`.replace(/\.$/, "") } : {}),
      message: issueMessage(issue, raw, types),
    });
  }
}

/** A zod issue in the project's lower-case style, with "is required" for a missing field. */
function issueMessage(
  issue: z.core.$ZodIssue,
  raw: Record<string, unknown>,
  types: readonly string[],
): string {
  const [first] = issue.path;
  if (issue.code === "invalid_union" && first === "type") return typeMessage(raw.type, types);
  if (
    issue.code === "invalid_type" &&
    issue.path.length === 1 &&
    typeof first === "string" &&
    !(first in raw)
  ) {
    return `is required for ${String(raw.type)} hooks`;
  }
  return lowerFirst(issue.message);
}

/**
 * Warns about every key the entry's type does not know: one that belongs to another hook type
 * (`url` on a command hook) or to the other shape (`blocking` in a Claude Code group), or none.
 */
export function warnUnknownKeys(
  raw: Record<string, unknown>,
  known: ReadonlySet<string>,
  elsewhere: (key: string) => string | undefined,
  report: EntryReport,
  prefix = "",
): void {
  for (const key of Object.keys(raw)) {
    if (known.has(key) || isCommentKey(key)) continue;
    const near = nearName(key, [...known]);
    report({
      severity: "warning",
      field: `${prefix}${key}`,
      message:
        elsewhere(key) ??
        (near ? `unknown key "${key}" (did you mean "${near}"?); ignored` : `unknown key "${key}"; ignored`),
    });
  }
}

/**
 * A key starting with `_` (`"_comment": "…"`) is a note for the file's readers, by JSON's usual
 * convention, not a misspelt setting: passed over in silence, as claude passes over any key it
 * does not read. yurukusa/claude-code-hooks' example settings give each hook a `_comment`, and a
 * warning for each was 10 lines at every start.
 */
export function isCommentKey(key: string): boolean {
  return key.startsWith("_");
}

export function issueText(error: z.ZodError): string {
  return error.issues.map((i) => lowerFirst(i.message)).join("; ");
}

function lowerFirst(s: string): string {
  return s.charAt(0).toLowerCase() + s.slice(1);
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
