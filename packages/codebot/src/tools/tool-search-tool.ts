/**
 * claude 2.1.328's `ToolSearch` (recorded with server-everything and server-filesystem; docs/mcp.md):
 * deferred tools (the MCP servers') are offered by name only, and the model loads the ones it
 * needs with a query. A match comes back as a `tool_reference` naming the tool (the kernel's
 * `loadsTools`); from then on the request carries its definition with `defer_loading`, and the
 * Anthropic API shows the model its schema where the reference is.
 */
import type { Tool } from "@codebot/agentcore";
import { z } from "zod";

export const TOOL_SEARCH_TOOL = "tool_search";

/** claude's text when nothing matches (recorded). */
const NO_MATCH = "No matching deferred tools found";

/** claude 2.1.328's ToolSearch description (recorded): the names are in a message from the system. */
const DESCRIPTION = `Fetches full schema definitions for deferred tools so they can be called.

Deferred tools appear by name in a message from the system. Until fetched, only the name is known — there is no parameter schema, so the tool cannot be invoked. This tool takes a query, matches it against the deferred tool list, and returns the matched tools' complete JSONSchema definitions inside a <functions> block. Once a tool's schema appears in that result, it is callable exactly like any tool defined at the top of the prompt.

Result format: each matched tool appears as one <function>{"description": "...", "name": "...", "parameters": {...}}</function> line inside the <functions> block — the same encoding as the tool list at the top of this prompt.

Query forms:
- "select:Read,Edit,Grep" — fetch these exact tools by name
- "notebook jupyter" — keyword search, up to max_results best matches
- "+slack send" — require "slack" in the name, rank by remaining terms`;

/**
 * The system message naming the deferred tools, in claude 2.1.328's words (recorded; its tool's
 * name, ToolSearch, is this one's).
 */
export function deferredToolsMessage(names: readonly string[]): string {
  return `The following deferred tools are now available via ${TOOL_SEARCH_TOOL}. Their schemas are NOT loaded — calling them directly will fail with InputValidationError. Use ${TOOL_SEARCH_TOOL} with query "select:<name>[,<name>...]" to load tool schemas before calling them:\n${names.join("\n")}`;
}

const inputSchema = z.object({
  query: z
    .string()
    .describe(
      'Query to find deferred tools. Use "select:<tool_name>" for direct selection, or keywords to search.',
    ),
  max_results: z.number().optional().default(5).describe("Maximum number of results to return (default: 5)"),
});

/**
 * The tool search over `tools()`, the session's tools of the moment: those with `deferLoading`
 * are searched, and listed for the model in a system message (`listDeferredTools`); `select:`
 * may name any of them.
 */
export function toolSearchTool(tools: () => readonly Tool[]): Tool<z.output<typeof inputSchema>> {
  const deferred = () => tools().filter((tool) => tool.deferLoading === "until-loaded");
  return {
    name: TOOL_SEARCH_TOOL,
    description: DESCRIPTION,
    listDeferredTools: deferredToolsMessage,
    inputSchema,
    concurrencySafe: true,
    async execute({ query, max_results }) {
      const pool = deferred();
      const matches = searchTools(query, pool, tools(), max_results);
      return {
        content: matches.length > 0 ? `Loaded: ${matches.join(", ")}` : NO_MATCH,
        isError: false,
        ...(matches.length > 0 ? { loadsTools: matches } : {}),
        // claude's `tool_use_result` and PostToolUse `tool_response` (recorded).
        data: { matches, query, total_deferred_tools: pool.length },
      };
    },
  };
}

/**
 * claude's placeholder, sent deferred in every request of a session that defers tools: it
 * "keeps deferred tool loading active" before any tool is loaded (recorded).
 */
export const deferredToolPlaceholder: Tool<Record<string, never>> = {
  name: "DeferredToolPlaceholder",
  description: "Reserved placeholder that keeps deferred tool loading active; never call this tool.",
  inputSchema: z.object({}),
  deferLoading: "always",
  async execute() {
    return { content: "DeferredToolPlaceholder is not a tool to call.", isError: true };
  },
};

/**
 * The names a query picks: `select:a,b` those tools of `all` (unknown names and the placeholder dropped, as claude);
 * a deferred tool's whole name (any case) that tool; else keywords ranked over `pool`'s names and
 * descriptions, `+term` required in the name, at most `max` of them.
 */
export function searchTools(
  query: string,
  pool: readonly Tool[],
  all: readonly Tool[],
  max: number,
): string[] {
  const text = query.trim();
  if (text.toLowerCase().startsWith("select:")) {
    const wanted = text
      .slice("select:".length)
      .split(",")
      .map((name) => name.trim().toLowerCase());
    // A tool sent deferred always (the placeholder) is never loaded: claude 2.1.328 drops it (recorded).
    const loadable = all.filter((tool) => tool.deferLoading !== "always");
    return [...new Set(wanted)].flatMap(
      (name) => loadable.find((tool) => tool.name.toLowerCase() === name)?.name ?? [],
    );
  }
  const exact = pool.find((tool) => tool.name.toLowerCase() === text.toLowerCase());
  if (exact) return [exact.name];
  const terms = text.toLowerCase().split(/\s+/).filter(Boolean);
  const required = terms.filter((t) => t.startsWith("+") && t.length > 1).map((t) => t.slice(1));
  const ranked = terms.filter((t) => !t.startsWith("+"));
  return pool
    .filter((tool) => required.every((term) => tool.name.toLowerCase().includes(term)))
    .map((tool) => ({ tool, score: scoreOf(tool, ranked.length > 0 ? ranked : required) }))
    .filter(({ score }) => score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, Math.max(0, Math.floor(max)))
    .map(({ tool }) => tool.name);
}

/** A whole word of the name counts most, then a part of the name, then the description. */
function scoreOf(tool: Tool, terms: readonly string[]): number {
  const name = tool.name.toLowerCase();
  const words = name.split(/__|[_\-\s]+/);
  const description = tool.description.toLowerCase();
  let score = 0;
  for (const term of terms) {
    if (words.includes(term)) score += 10;
    else if (name.includes(term)) score += 5;
    if (description.includes(term)) score += 2;
  }
  return score;
}
