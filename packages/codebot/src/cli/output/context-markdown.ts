/**
 * `-p "/context"`: the context in use as claude 2.1.328's `-p` prints it (recorded): markdown — the
 * model, the total against the window, and a table of the categories. The grid is the terminal's
 * (context-lines.ts).
 */
import type { ContextUsage } from "./context-usage.js";
import { count } from "./usage-lines.js";

export function contextMarkdown(usage: ContextUsage): string {
  const share = (tokens: number) =>
    `${usage.maxTokens > 0 ? ((tokens / usage.maxTokens) * 100).toFixed(1) : "0.0"}%`;
  return [
    "## Context Usage",
    "",
    `**Model:** ${usage.model}  `,
    `**Tokens:** ${count(usage.totalTokens)} / ${count(usage.maxTokens)} (${usage.percentage}%)`,
    "",
    "### Estimated usage by category",
    "",
    "| Category | Tokens | Percentage |",
    "|----------|--------|------------|",
    ...usage.categories.map(
      (category) => `| ${category.name} | ${count(category.tokens)} | ${share(category.tokens)} |`,
    ),
  ].join("\n");
}
