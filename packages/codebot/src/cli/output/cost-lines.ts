/**
 * `/cost` (and `-p /cost`) in claude 2.1.328's words and layout (recorded in a fresh session,
 * after a turn and after `-c`; its formatting read from its code), dim in the terminal as claude's:
 * the estimated cost, the time spent waiting for the model and in all, the lines the file tools
 * changed, then the tokens per model.
 */
import { costOf } from "../../session/model-prices.js";
import type { LinesChanged, SessionDurations } from "../../session/session-totals.js";
import type { ModelUsage } from "../../session/session-usage.js";
import { claudeDuration } from "./claude-duration.js";
import type { Styles } from "./styles.js";
import { terminalSafe } from "./terminal-safe.js";
import { type UsageView, unpriced } from "./usage-lines.js";

/** claude's note after the cost when a model used has no price (its cost is left out of the sum). */
const UNKNOWN_MODELS = "costs may be inaccurate due to usage of unknown models";

export function costLines(
  view: UsageView,
  durations: SessionDurations,
  changes: LinesChanged,
  s: Styles,
): string[] {
  const missing = unpriced(view);
  let usd = 0;
  for (const [spec, used] of view.models) usd += costOf(spec, used, view.prices).usd;
  const lines = [
    `Estimated cost:        ${dollars(usd)}${missing.length > 0 ? ` (${UNKNOWN_MODELS})` : ""}`,
    `Total duration (API):  ${claudeDuration(durations.apiMs)}`,
    `Total duration (wall): ${claudeDuration(durations.wallMs)}`,
    `Total code changes:    ${lineCount(changes.added)} added, ${lineCount(changes.removed)} removed`,
    ...modelLines(view),
  ].map((line) => s.dim(line));
  // Not claude's: how to give a model without a price one.
  for (const spec of missing.map(shownSpec))
    lines.push(
      s.dim(
        `no price for ${spec}: set "models": {"${spec}": {"price": {"input": …, "output": …}}} (US$ per million tokens)`,
      ),
    );
  return lines;
}

/** `Usage:` with zeros before any model call; else `Usage by model:` and a line per model, named by its id. */
function modelLines(view: UsageView): string[] {
  if (view.models.size === 0)
    return ["Usage:                 0 input, 0 output, 0 cache read, 0 cache write"];
  const lines = ["Usage by model:"];
  for (const [spec, used] of view.models) {
    const id = shownSpec(spec.slice(spec.indexOf("/") + 1));
    const cost = costOf(spec, used, view.prices);
    lines.push(`${`${id}:`.padStart(21)}  ${tokensText(used)} (${dollars(cost.known ? cost.usd : 0)})`);
  }
  return lines;
}

/**
 * A model's name as printed: a resumed session's names are its transcript's text (its cost-state
 * line), so escape sequences in one (a clipboard write, a cleared screen) are removed.
 */
const shownSpec = (spec: string) => terminalSafe(spec);

/** claude's: the uncached input (codebot's input counts the cached part too), output, cache read and write. */
function tokensText(used: Readonly<ModelUsage>): string {
  const uncached = used.inputTokens - used.cacheReadTokens - used.cacheWriteTokens;
  return `${tokens(uncached)} input, ${tokens(used.outputTokens)} output, ${tokens(used.cacheReadTokens)} cache read, ${tokens(used.cacheWriteTokens)} cache write`;
}

function lineCount(n: number): string {
  return `${n} ${n === 1 ? "line" : "lines"}`;
}

/** claude's: `$0.0123` up to half a dollar, `$1.23` above. */
function dollars(usd: number): string {
  return `$${usd > 0.5 ? (Math.round(usd * 100) / 100).toFixed(2) : usd.toFixed(4)}`;
}

/** claude's: `950`, `1.2k`, `3.0m` (compact, lower case, one decimal from a thousand). */
function tokens(n: number): string {
  const compact = new Intl.NumberFormat("en-US", {
    notation: "compact",
    maximumFractionDigits: 1,
    minimumFractionDigits: n >= 1000 ? 1 : 0,
  });
  return compact.format(n).toLowerCase();
}
