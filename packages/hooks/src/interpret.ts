/**
 * Turns one run's outcome into a typed verdict (§7.1). Hook stdout is parsed here, once, with
 * zod; nothing downstream reads raw hook JSON. Both the codebot and the Claude Code vocabulary
 * are understood.
 */
import { z } from "zod";
import { ANSWER_CAP, capWords } from "./answer-cap.js";
import { DEFAULT_BLOCK_REASON, DEFAULT_STOP_REASON, type ElicitationAnswer } from "./decision.js";
import type { RunOutcome } from "./executor.js";
import { capForModel } from "./model-text-cap.js";
import { nearName } from "./near-name.js";
import { outputAfterJson } from "./output-after-json.js";
import { type PermissionUpdate, permissionUpdatesOf } from "./permission-updates.js";
import { allowedTerminalSequence } from "./terminal-sequence.js";
import { textStart } from "./text-start.js";

export interface HookVerdict {
  /** The run asked to block: its JSON says so, or the command exited with code 2. */
  isBlock: boolean;
  /** Any other non-zero exit, a timeout, a spawn/transport/model error. */
  failed: boolean;
  timedOut: boolean;
  /** The block reason, when `isBlock`. */
  reason?: string;
  additionalContext?: string;
  /** `hookSpecificOutput.summary` (PreCompact). */
  summary?: string;
  /** WorktreeCreate: `hookSpecificOutput.worktreePath` (how an http hook names the worktree it made). */
  worktreePath?: string;
  /** MessageDisplay: `hookSpecificOutput.displayContent`, the text to show instead. */
  displayContent?: string;
  /** Elicitation, ElicitationResult: `hookSpecificOutput.action` and `content`. */
  elicitation?: ElicitationAnswer;
  /** `hookSpecificOutput.watchPaths`. */
  watchPaths?: string[];
  /** SessionStart, UserPromptSubmit: `hookSpecificOutput.sessionTitle`, the name the session is to have. */
  sessionTitle?: string;
  /** SessionStart: `hookSpecificOutput.initialUserMessage`, a first prompt to send (Claude Code's `-p`). */
  initialUserMessage?: string;
  /** SessionStart: `hookSpecificOutput.reloadSkills: true`, the skill folders are to be read again. */
  reloadSkills?: true;
  /** New tool arguments; present only when the hook gave a JSON object. */
  updatedInput?: Record<string, unknown>;
  /**
   * PostToolUse: what the model is to see of the result instead — Claude Code's
   * `updatedToolOutput` (any tool, in the tool's result shape), else its older
   * `updatedMCPToolOutput` (MCP tools only).
   */
  updatedOutput?: { value: unknown; mcpOnly: boolean };
  /**
   * Claude Code's `permissionDecision` other than deny (which is a block): `allow` lets the call
   * skip the permission question, `ask` puts it to the user. Legacy `decision: "approve"` is allow.
   */
  permission?: "allow" | "ask";
  /** PermissionRequest's allow: `decision.updatedPermissions`, the well-formed entries. */
  updatedPermissions?: PermissionUpdate[];
  /** `permissionDecisionReason` given with allow or ask. */
  permissionReason?: string;
  /** `continue: false`: the hook asks to end the run; the value is its `stopReason` (or a default). */
  stopRun?: string;
  /** The run ends as PermissionRequest's `interrupt: true` ends it: as the user's interrupt would. */
  interrupt?: true;
  /** Claude Code's `systemMessage`: a message for the user, not the model. */
  systemMessage?: string;
  /** Claude Code's `terminalSequence`, allowed and in canonical form (terminal-sequence.ts): for the user's terminal. */
  terminalSequence?: string;
  /** Why the run failed (`exit code 1`, `timed out after 5s`), when `failed`. */
  error?: string;
  /** stdout was a JSON object (and was read as decision fields, not as text). */
  stdoutIsJson: boolean;
  /** Parts of the output that were present but unusable (wrong type, JSON that does not parse), after the executor's own. */
  warnings: string[];
  /**
   * stdout starts like a JSON object but does not parse (`{"block": true` cut off). A hook that may
   * block is then read strictly: its run failed (issue 17), since a guard's garbled veto must not
   * pass as an allow.
   */
  brokenJson?: boolean;
  /** The JSON's `decision` or `permissionDecision` is not a value there is (`"deny"`, `"Deny"`). */
  unknownDecision?: true;
  stdout: string;
  stderr: string;
  /** A command hook's stdout and stderr together, in the order their pieces came. */
  output?: string;
  exitCode: number | null;
  truncated?: string[];
}

const BLOCK_EXIT_CODE = 2;

/** Fields of the hook output; each is checked on its own so one bad field does not discard the rest. */
const outputFields = {
  block: z.boolean(),
  decision: z.string(),
  reason: z.string(),
  permissionDecisionReason: z.string(),
  stopReason: z.string(),
  continue: z.boolean(),
  systemMessage: z.string(),
  terminalSequence: z.string(),
  additional_context: z.string(),
  updated_input: z.record(z.string(), z.unknown()),
};

const hookSpecificFields = {
  permissionDecision: z.string(),
  permissionDecisionReason: z.string(),
  additionalContext: z.string(),
  updatedInput: z.record(z.string(), z.unknown()),
  updatedToolOutput: z.unknown(),
  updatedMCPToolOutput: z.unknown(),
  /** PreCompact (beyond Claude Code): the summary to use instead of asking the model. */
  summary: z.string(),
  /** PermissionRequest: allow (maybe with new arguments) or deny (maybe ending the run). */
  decision: z.object({
    behavior: z.enum(["allow", "deny"]),
    updatedInput: z.record(z.string(), z.unknown()).optional(),
    message: z.string().optional(),
    interrupt: z.boolean().optional(),
    /** Read entry by entry (permission-updates.ts). */
    updatedPermissions: z.unknown().optional(),
  }),
  /** Elicitation, ElicitationResult: the answer to give the MCP server. */
  action: z.enum(["accept", "decline", "cancel"]),
  content: z.record(z.string(), z.unknown()),
  /** SessionStart, CwdChanged, FileChanged: absolute paths FileChanged is to watch. */
  watchPaths: z.array(z.string()),
  /** SessionStart, UserPromptSubmit: names the session (Claude Code's title). */
  sessionTitle: z.string(),
  /** SessionStart: a prompt to send before the user's (Claude Code's headless runs). */
  initialUserMessage: z.string(),
  /** SessionStart: read the skill and command folders again (the hook installed some). */
  reloadSkills: z.boolean(),
  /** WorktreeCreate: the directory the hook made. */
  worktreePath: z.string(),
  /** MessageDisplay: what to show instead of the message's text ("" shows nothing). */
  displayContent: z.string(),
};

/**
 * Every key a hook's output may have at the top level and in `hookSpecificOutput`: what codebot
 * reads, and Claude Code 2.1.328's keys it does not, so that a misspelt key that is one of those
 * is not taken for another. Built once: interpret runs for every hook run.
 */
const TOP_KEYS: readonly string[] = [
  ...Object.keys(outputFields),
  "suppressOutput",
  "hookSpecificOutput",
  "async",
  "asyncTimeout",
  "metrics",
  "rewakeSummary",
];
const SPECIFIC_KEYS: readonly string[] = [
  ...Object.keys(hookSpecificFields),
  "hookEventName",
  "updatedToolOutput",
  "suppressOriginalPrompt",
  "retry",
  "permissionDisplay",
];
/** A misspelling at the top level may be of a `hookSpecificOutput` field too. */
const TOP_OR_SPECIFIC_KEYS: readonly string[] = [...TOP_KEYS, ...Object.keys(hookSpecificFields)];

/**
 * A key no hook output has that looks like a misspelling of one (`decison`): a warning, since the
 * field it meant is missing — a guard whose `"decison": "block"` lets every call through. Other
 * unknown keys are ignored in silence, as claude ignores them (hooks print keys of their own).
 */
function misspeltKeys(
  obj: Record<string, unknown>,
  known: readonly string[],
  prefix: string,
  warnings: string[],
) {
  for (const key of Object.keys(obj)) {
    if (known.includes(key)) continue;
    const near = nearName(key, known);
    if (near) warnings.push(`${prefix}${key} is not a hook output field (did you mean ${near}?); ignored`);
  }
}

type Parsed<S extends Record<string, z.ZodType>> = { [K in keyof S]?: z.infer<S[K]> };

/** Keeps every field that has the right type; a wrong one becomes a warning. */
function parseFields<S extends Record<string, z.ZodType>>(
  shape: S,
  obj: Record<string, unknown>,
  prefix: string,
  warnings: string[],
): Parsed<S> {
  const out: Parsed<S> = {};
  for (const key of Object.keys(shape) as (keyof S & string)[]) {
    if (obj[key] === undefined || obj[key] === null) continue;
    const field = shape[key];
    if (!field) continue;
    const checked = field.safeParse(obj[key]);
    if (checked.success) out[key] = checked.data as z.infer<S[typeof key]>;
    else warnings.push(`${prefix}${key} has the wrong type (${describeType(obj[key])}); ignored`);
  }
  return out;
}

function describeType(value: unknown): string {
  return Array.isArray(value) ? "array" : typeof value;
}

/** What stdout holds: a JSON object, text, or something that starts like JSON and does not parse. */
type StdoutShape = { json: Record<string, unknown> } | { text: true } | { broken: true };

function stdoutShape(stdout: string): StdoutShape {
  const text = stdout.trim();
  if (!text.startsWith("{")) return { text: true };
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) ? { json: value } : { text: true };
  } catch {
    return { broken: true };
  }
}

export const BROKEN_JSON = "stdout looks like JSON but does not parse";

/** BROKEN_JSON, with why when the answer was cut: said, or "does not parse" sends the author looking for a syntax error. */
function brokenJson(outcome: RunOutcome): string {
  if (!outcome.truncated?.includes("stdout")) {
    const after = outputAfterJson(outcome.stdout.trim());
    return after === undefined ? BROKEN_JSON : `${BROKEN_JSON}: ${afterJsonWords(after)}`;
  }
  if (outcome.stdoutBudget !== undefined)
    return `${BROKEN_JSON}: it was cut, as the hooks of this event answered more than codebot reads for one event together (${capWords(outcome.stdoutBudget)} past each hook's first ${capWords(ANSWER_CAP)})`;
  return `${BROKEN_JSON}: it was longer than codebot reads (${capWords(outcome.stdoutCap ?? ANSWER_CAP)}), so it was cut`;
}

const SHOWN_AFTER = 60;

/** The output after a valid JSON object, named (its start, quoted), and what stdout must be. */
function afterJsonWords(after: string): string {
  const shown = after.length > SHOWN_AFTER ? `${textStart(after, SHOWN_AFTER)}…` : after;
  return `the JSON object is followed by other output (${JSON.stringify(shown)}); stdout must hold the JSON object alone`;
}

const TERMINAL_SEQUENCE_REFUSED =
  "terminalSequence is not one codebot writes to the terminal (only OSC 0, 1, 2, 9, 99, 777 and BEL, at most 4096 bytes); ignored";

/**
 * Claude Code's `permissionDecision` values. `defer` (Claude Code 2.1: leave the call to the
 * normal permission flow, or to a later `--resume` of a `-p` run) is read as `ask`.
 */
const PERMISSION_DECISIONS: ReadonlySet<string> = new Set(["allow", "deny", "ask", "defer"]);

/** The legacy top-level `decision`'s values, as claude 2.1.328's schema has them. */
const TOP_DECISIONS: ReadonlySet<string> = new Set(["approve", "block"]);

/**
 * A value the hook did not mean to give (a typo such as "Deny", or a top-level `"decision": "deny"`,
 * which claude 2.1.328 rejects as failing its schema) must not let a guarded call through unnoticed.
 */
function unknownDecisionOf(
  top: { decision?: string },
  specific: { permissionDecision?: string },
): string | undefined {
  const permissionDecision = specific.permissionDecision;
  if (permissionDecision !== undefined && !PERMISSION_DECISIONS.has(permissionDecision))
    return `hookSpecificOutput.permissionDecision "${permissionDecision}" is not one of allow, deny, ask, defer`;
  if (top.decision !== undefined && !TOP_DECISIONS.has(top.decision))
    return `decision "${top.decision}" is not one of approve, block (a deny is hookSpecificOutput.permissionDecision)`;
  return undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/**
 * `strict`: the hook may block, so stdout that starts like JSON and does not parse fails the run
 * (shown, traced, and under `onError: "block"` a block) instead of being read as text.
 * `reasonNeedsDecision`: a top-level `reason` is the block's reason only beside `decision: "block"`
 * (Claude Code's reading; codebot's own entries give `reason` with an exit 2 alone).
 */
export function interpret(outcome: RunOutcome, strict = false, reasonNeedsDecision = false): HookVerdict {
  const warnings: string[] = [...(outcome.warnings ?? [])];
  const shape = stdoutShape(outcome.stdout);
  const json = "json" in shape ? shape.json : undefined;
  const broken = "broken" in shape;
  if (broken && !strict) warnings.push(`${brokenJson(outcome)}; treated as text`);
  const top = json ? parseFields(outputFields, json, "", warnings) : {};
  if (json) {
    for (const key of Object.keys(json))
      if (!TOP_KEYS.includes(key) && key in hookSpecificFields)
        warnings.push(`${key} belongs inside hookSpecificOutput; ignored`);
    misspeltKeys(json, TOP_OR_SPECIFIC_KEYS, "", warnings);
  }
  const specificRaw = json?.hookSpecificOutput;
  let specific: Parsed<typeof hookSpecificFields> = {};
  if (isObject(specificRaw)) {
    specific = parseFields(hookSpecificFields, specificRaw, "hookSpecificOutput.", warnings);
    misspeltKeys(specificRaw, SPECIFIC_KEYS, "hookSpecificOutput.", warnings);
  } else if (specificRaw !== undefined && specificRaw !== null) {
    warnings.push("hookSpecificOutput is not an object; ignored");
  }

  // For a hook that may block an unknown decision fails the run, like garbled JSON.
  const decisionValue = specific.permissionDecision;
  const unknownDecision = unknownDecisionOf(top, specific);
  if (unknownDecision && !strict) warnings.push(`${unknownDecision}; ignored`);
  const exitBlocks = outcome.exitCode === BLOCK_EXIT_CODE && !outcome.error;
  const request = specific.decision;
  const isBlock =
    top.block === true ||
    top.decision === "block" ||
    specific.permissionDecision === "deny" ||
    request?.behavior === "deny" ||
    exitBlocks;
  const failed =
    (broken && strict && !exitBlocks) ||
    (unknownDecision !== undefined && strict && !exitBlocks) ||
    outcome.error !== undefined ||
    outcome.timedOut === true ||
    outcome.exitCode === null ||
    (outcome.exitCode !== 0 && outcome.exitCode !== BLOCK_EXIT_CODE);

  const verdict: HookVerdict = {
    isBlock,
    failed,
    timedOut: outcome.timedOut === true,
    stdoutIsJson: json !== undefined,
    warnings,
    stdout: outcome.stdout,
    stderr: outcome.stderr,
    ...(outcome.output !== undefined ? { output: outcome.output } : {}),
    exitCode: outcome.exitCode,
    ...(outcome.truncated?.length ? { truncated: outcome.truncated } : {}),
    ...(broken ? { brokenJson: true } : {}),
    ...(unknownDecision !== undefined ? { unknownDecision: true } : {}),
  };
  if (isBlock) {
    const jsonReason =
      (reasonNeedsDecision && top.decision !== "block" ? undefined : top.reason) ??
      specific.permissionDecisionReason ??
      top.permissionDecisionReason ??
      request?.message ??
      top.stopReason;
    const stderrReason = exitBlocks ? outcome.stderr.trim() : "";
    verdict.reason = capForModel(jsonReason?.trim() || stderrReason || DEFAULT_BLOCK_REASON);
  }
  const context = top.additional_context ?? specific.additionalContext;
  if (context?.trim()) verdict.additionalContext = context.trim();
  if (specific.summary?.trim()) verdict.summary = specific.summary.trim();
  if (specific.action !== undefined)
    verdict.elicitation = {
      action: specific.action,
      ...(specific.content !== undefined ? { content: specific.content } : {}),
    };
  if (specific.watchPaths !== undefined) verdict.watchPaths = specific.watchPaths;
  if (specific.sessionTitle?.trim()) verdict.sessionTitle = specific.sessionTitle.trim();
  if (specific.initialUserMessage?.trim()) verdict.initialUserMessage = specific.initialUserMessage;
  if (specific.reloadSkills === true) verdict.reloadSkills = true;
  if (specific.worktreePath?.trim()) verdict.worktreePath = specific.worktreePath.trim();
  if (specific.displayContent !== undefined) verdict.displayContent = specific.displayContent;
  const updated =
    top.updated_input ??
    specific.updatedInput ??
    (request?.behavior === "allow" ? request.updatedInput : undefined);
  if (updated) verdict.updatedInput = updated;
  // As claude 2.1.328 reads them: `updatedToolOutput` first, the MCP-only field only without it.
  if (specific.updatedToolOutput !== undefined)
    verdict.updatedOutput = { value: specific.updatedToolOutput, mcpOnly: false };
  else if (specific.updatedMCPToolOutput !== undefined)
    verdict.updatedOutput = { value: specific.updatedMCPToolOutput, mcpOnly: true };
  const permission =
    decisionValue === "allow" || decisionValue === "ask"
      ? decisionValue
      : decisionValue === "defer"
        ? "ask"
        : top.decision === "approve" || request?.behavior === "allow"
          ? "allow"
          : undefined;
  if (permission && !isBlock) {
    verdict.permission = permission;
    if (request?.behavior === "allow") {
      const updates = permissionUpdatesOf(request.updatedPermissions, warnings);
      if (updates.length > 0) verdict.updatedPermissions = updates;
    }
    const why = (specific.permissionDecisionReason ?? top.permissionDecisionReason ?? top.reason)?.trim();
    if (why) verdict.permissionReason = why;
  }
  if (top.continue === false) verdict.stopRun = top.stopReason?.trim() || DEFAULT_STOP_REASON;
  // PermissionRequest's `interrupt`: the call is refused and the run ends.
  else if (request?.behavior === "deny" && request.interrupt === true) {
    verdict.stopRun = request.message?.trim() || DEFAULT_STOP_REASON;
    verdict.interrupt = true;
  }
  if (top.systemMessage?.trim()) verdict.systemMessage = top.systemMessage.trim();
  if (top.terminalSequence !== undefined) {
    const sequence = allowedTerminalSequence(top.terminalSequence);
    if (sequence) verdict.terminalSequence = sequence;
    else warnings.push(TERMINAL_SEQUENCE_REFUSED);
  }
  if (failed) {
    verdict.error =
      outcome.error ??
      (unknownDecision !== undefined && strict && outcome.exitCode === 0 ? unknownDecision : undefined) ??
      (outcome.exitCode === null
        ? "no exit code"
        : outcome.exitCode === 0 || outcome.exitCode === BLOCK_EXIT_CODE
          ? brokenJson(outcome)
          : `exit code ${outcome.exitCode}`);
  }
  return verdict;
}

/** The failure with the start of stderr, short enough for a log line or a block reason. */
export function failureSummary(verdict: HookVerdict, maxStderr = 300): string {
  const error = verdict.error ?? "failed";
  const stderr = verdict.stderr.trim();
  if (!stderr) return error;
  return `${error}: ${stderr.length > maxStderr ? `${textStart(stderr, maxStderr)}…` : stderr}`;
}
