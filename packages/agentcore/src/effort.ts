/**
 * Effort (Claude Code's `--effort`): how much a Claude model spends on thinking, text and tool
 * calls, sent as the Messages API's `output_config.effort`. What each model takes, as claude
 * 2.1.328 sends it (recorded against a loopback server).
 */
export const EFFORT_LEVELS = ["low", "medium", "high", "xhigh", "max"] as const;
export type EffortLevel = (typeof EFFORT_LEVELS)[number];

/** A level, or `auto`: send no effort at all and let the API decide (CLAUDE_CODE_EFFORT_LEVEL=auto). */
export type EffortChoice = EffortLevel | "auto";

/** The beta claude names in the `anthropic-beta` header of every request that carries an effort. */
export const EFFORT_BETA = "effort-2025-11-24";

/** What a model does with effort: `none` takes no effort field; otherwise the levels it takes and its own. */
type EffortSupport = "none" | { levels: readonly EffortLevel[]; default: EffortLevel };

const ALL: readonly EffortLevel[] = EFFORT_LEVELS;
const NO_XHIGH: readonly EffortLevel[] = ["low", "medium", "high", "max"];
const UP_TO_HIGH: readonly EffortLevel[] = ["low", "medium", "high"];

/**
 * By the family a model id contains (dated ids, Bedrock's `us.anthropic.…-v1` too), the first that
 * matches: so the 4.x entries stand before `claude-opus-4` and `claude-sonnet-4` (Claude 4.0).
 */
const SUPPORT: ReadonlyArray<readonly [family: string, support: EffortSupport]> = [
  ["claude-opus-5-5", { levels: ALL, default: "medium" }],
  ["claude-sonnet-5-5", { levels: ALL, default: "medium" }],
  ["claude-haiku-5-5", { levels: ALL, default: "medium" }],
  ["claude-opus-5", { levels: ALL, default: "high" }],
  ["claude-sonnet-5", { levels: ALL, default: "high" }],
  ["claude-opus-4-8", { levels: ALL, default: "high" }],
  ["claude-opus-4-7", { levels: ALL, default: "xhigh" }],
  ["claude-opus-4-6", { levels: NO_XHIGH, default: "high" }],
  ["claude-sonnet-4-6", { levels: NO_XHIGH, default: "high" }],
  ["claude-opus-4-5", { levels: UP_TO_HIGH, default: "high" }],
  ["claude-sonnet-4-5", "none"],
  ["claude-haiku-4-5", "none"],
  ["claude-opus-4", "none"],
  ["claude-sonnet-4", "none"],
  ["claude-3", "none"],
];

/**
 * Case-insensitive, `med` for `medium` as claude 2.1.328 reads `--effort med` and
 * CLAUDE_CODE_EFFORT_LEVEL=med (recorded); undefined for anything that is not a level.
 */
export function effortLevelOf(text: string): EffortLevel | undefined {
  const lower = text.trim().toLowerCase();
  const name = lower === "med" ? "medium" : lower;
  return EFFORT_LEVELS.find((level) => level === name);
}

/**
 * The effort to send with a request to `modelId`, if any. A level above what the model takes is
 * lowered to the highest it takes below it (claude sends `xhigh` to claude-opus-4-6 as `high`); a
 * model that takes none gets none. No choice: a known model's own default, as claude sends it, and
 * nothing for an id not in the table (a gateway's own model may refuse the field). A model not in
 * the table gets a chosen level as it is, as claude sends it. `cap` (Claude Code's
 * `maxEffortLevel`) lowers whatever would be sent above it, a model's own default too.
 */
export function effortToSend(
  modelId: string,
  choice: EffortChoice | undefined,
  cap?: EffortLevel,
): EffortLevel | undefined {
  if (choice === "auto") return undefined;
  const support = SUPPORT.find(([family]) => modelId.includes(family))?.[1];
  if (support === "none") return undefined;
  const wanted = choice ?? support?.default;
  if (wanted === undefined) return undefined;
  const capped = cap !== undefined && rank(wanted) > rank(cap) ? cap : wanted;
  if (support === undefined) return capped;
  return support.levels.filter((level) => rank(level) <= rank(capped)).at(-1);
}

function rank(level: EffortLevel): number {
  return EFFORT_LEVELS.indexOf(level);
}
