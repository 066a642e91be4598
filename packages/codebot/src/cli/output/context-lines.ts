/**
 * `/context`: the context in use drawn as claude 2.1.328 draws it (recorded in tmux): a grid of
 * squares, each 1% of the window (⛁ full, ⛀ partly used, ⛶ free), beside the model, the total and
 * each category with its share. codebot's categories are its context meter's (context-usage.ts).
 */
import type { ContextUsage, GridSquare } from "./context-usage.js";
import { count } from "./usage-lines.js";

/** A used square less full than this is drawn as partly used, as claude draws a small share. */
const PART_FULL = 0.7;

export function contextLines(usage: ContextUsage): string[] {
  const side = [
    usage.model,
    `${count(usage.totalTokens)}/${count(usage.maxTokens)} tokens (${share(usage.totalTokens, usage.maxTokens)})`,
    "",
    "Estimated usage by category",
    ...usage.categories.map(
      (category) =>
        `${category.kind === "free" ? "⛶" : "⛁"} ${category.name}: ${count(category.tokens)} tokens (${share(category.tokens, usage.maxTokens)})`,
    ),
  ];
  const rows = usage.gridRows.map((row) => row.map(glyph).join(" "));
  const lines = ["Context usage"];
  for (let i = 0; i < Math.max(rows.length, side.length); i++) {
    const row = rows[i] ?? " ".repeat(rows[0]?.length ?? 0);
    const text = side[i] ?? "";
    lines.push(text === "" ? row : `${row}   ${text}`);
  }
  return lines;
}

function glyph(square: GridSquare): string {
  if (square.categoryName === "Free space") return "⛶";
  return square.squareFullness < PART_FULL ? "⛀" : "⛁";
}

/** As claude gives a share: `<0.1%` under it, one decimal under 1%, whole percent above. */
function share(tokens: number, window: number): string {
  const percent = window > 0 ? (tokens / window) * 100 : 0;
  if (percent < 0.1) return "<0.1%";
  if (percent < 1) return `${percent.toFixed(1)}%`;
  return `${Math.round(percent)}%`;
}
