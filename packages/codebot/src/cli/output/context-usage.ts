/**
 * The context in use as claude 2.1.328 tells it: `getContextUsage()` (the Agent SDK's
 * `get_context_usage` request) answers in this shape, and `/context` draws it (context-lines.ts): categories of the window, the totals, and a 10×10 grid whose
 * squares each stand for 1% of the window. codebot knows one figure, the estimated tokens of the
 * next prompt (its context meter), so its used part is one category, `messages`, and the rest is
 * free space; the per-item lists (memory files, MCP tools, agents) are empty.
 */
import type { ContextInUse } from "../../session/runtime-parts.js";

const SQUARES = 100;
const ROW = 10;

export type Category = {
  id: string;
  name: string;
  tokens: number;
  color: string;
  kind: "used" | "free";
};

export type GridSquare = {
  color: string;
  isFilled: boolean;
  categoryName: string;
  tokens: number;
  percentage: number;
  squareFullness: number;
};

export type ContextUsage = {
  categories: Category[];
  totalTokens: number;
  maxTokens: number;
  rawMaxTokens: number;
  percentage: number;
  gridRows: GridSquare[][];
  model: string;
  memoryFiles: never[];
  mcpTools: never[];
  agents: never[];
};

export function contextUsage(context: ContextInUse, model: string): ContextUsage {
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
function gridRows(categories: readonly Category[], window: number): GridSquare[][] {
  const perSquare = window / SQUARES;
  const squares: GridSquare[] = [];
  for (const category of categories) {
    const square = (fullness: number): GridSquare => ({
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
  const rows: GridSquare[][] = [];
  for (let i = 0; i < SQUARES; i += ROW) rows.push(squares.slice(i, i + ROW));
  return rows;
}
