/**
 * `getContextUsage()` (the `get_context_usage` request), in the shape claude 2.1.328 answers it
 * (the table `/context` draws): categories of the window, the totals, and a 10×10 grid whose
 * squares each stand for 1% of the window. codebot knows one figure, the estimated tokens of the
 * next prompt (its context meter), so its used part is one category, `messages`, and the rest is
 * free space; the per-item lists (memory files, MCP tools, agents) are empty.
 */
import type { ContextInUse } from "../../session/runtime.js";

const SQUARES = 100;
const ROW = 10;

interface Category {
  id: string;
  name: string;
  tokens: number;
  color: string;
  kind: "used" | "free";
}

export function contextUsage(context: ContextInUse, model: string): Record<string, unknown> {
  const { tokens, window } = context;
  const categories: Category[] = [
    { id: "messages", name: "Messages", tokens, color: "purple_FOR_SUBAGENTS_ONLY", kind: "used" },
    {
      id: "free_space",
      name: "Free space",
      tokens: Math.max(0, window - tokens),
      color: "promptBorder",
      kind: "free",
    },
  ];
  return {
    categories,
    totalTokens: tokens,
    maxTokens: window,
    rawMaxTokens: window,
    percentage: percentOf(tokens, window),
    gridRows: gridRows(categories, window),
    model,
    memoryFiles: [],
    mcpTools: [],
    agents: [],
  };
}

function percentOf(tokens: number, window: number): number {
  return window > 0 ? Math.round((tokens / window) * 100) : 0;
}

/**
 * As claude fills it: each used category takes the squares its tokens need (at least one, the last
 * one part full), in order; free space takes the squares left, each full.
 */
function gridRows(categories: readonly Category[], window: number): Record<string, unknown>[][] {
  const perSquare = window / SQUARES;
  const squares: Record<string, unknown>[] = [];
  for (const category of categories) {
    const square = (fullness: number) => ({
      color: category.color,
      isFilled: true,
      categoryName: category.name,
      tokens: category.tokens,
      percentage: percentOf(category.tokens, window),
      squareFullness: fullness,
    });
    if (category.kind === "free") {
      while (squares.length < SQUARES) squares.push(square(1));
      continue;
    }
    let left = category.tokens;
    do {
      squares.push(square(perSquare > 0 ? Math.min(1, left / perSquare) : 1));
      left -= perSquare;
    } while (left > 0 && squares.length < SQUARES);
  }
  const rows: Record<string, unknown>[][] = [];
  for (let i = 0; i < SQUARES; i += ROW) rows.push(squares.slice(i, i + ROW));
  return rows;
}
