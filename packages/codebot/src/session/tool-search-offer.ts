/**
 * Whether the MCP tools are deferred behind the tool search (tool-search-tool.ts), and the tools
 * offered with it. claude 2.1.328 (read from the binary, recorded with a loopback server) reads
 * ENABLE_TOOL_SEARCH: unset or true → always; false → never (every schema up front); `auto` →
 * when the deferrable tools' definitions take 10% of the model's context window or more
 * (`auto:N`: N%); CLAUDE_CODE_DISABLE_EXPERIMENTAL_BETAS turns it off, and so do a `--tools`
 * list without ToolSearch (`--bare`'s too) and a deny rule for the whole tool (`--disallowedTools
 * ToolSearch`). Only Anthropic models can load a deferred tool (`tool_reference`): other
 * providers are offered every schema.
 */
import { type Tool, toolJsonSchema } from "@codebot/agentcore";
import type { PermissionRule } from "../approval/permission-rule.js";
import { RESOURCE_TOOL_NAMES } from "../mcp/resource-tool-names.js";
import { isSwitchOn } from "../settings/session-modes.js";
import { deferredToolPlaceholder, toolSearchTool } from "../tools/tool-search-tool.js";

/** claude's estimate of a definition's tokens without counting them: its characters over 2.5. */
const CHARS_PER_TOKEN = 2.5;
const DEFAULT_AUTO_PERCENT = 10;

export interface ToolSearchInputs {
  /** `--tools`, `--bare` and the deny rules leave the tool search in (recorded: without it, claude offers every schema). */
  offered(): boolean;
  env: Readonly<Record<string, string | undefined>>;
  /** The model in use (`anthropic/claude-…`). */
  spec(): string;
  /** Its context window, in tokens. */
  contextWindow(): number;
}

/** A deny rule refuses every call of `tool` (no specifier): the tool is as good as not offered. */
export function deniesWholeTool(deny: readonly PermissionRule[], tool: string): boolean {
  return deny.some((rule) => rule.tool === tool && !rule.bash && !rule.path && rule.opaque === undefined);
}

/**
 * Deferred behind the search: the MCP servers' tools and the MCP resource tools (claude 2.1.328
 * defers its ListMcpResourcesTool, ReadMcpResourceTool and ReadMcpResourceDirTool too, recorded).
 */
const deferrable = (tool: Tool) => tool.name.startsWith("mcp__") || RESOURCE_TOOL_NAMES.includes(tool.name);

/** The tools to offer in place of `tools()`: its MCP tools deferred behind the tool search when that is on. */
export function withToolSearch(tools: () => Tool[], inputs: ToolSearchInputs): () => Tool[] {
  // One copy per MCP tool, so the kernel converts its schema once (its cache is by tool).
  const deferredCopies = new WeakMap<Tool, Tool>();
  const deferred = (tool: Tool): Tool => {
    let copy = deferredCopies.get(tool);
    if (copy === undefined) {
      copy = { ...tool, deferLoading: "until-loaded" };
      deferredCopies.set(tool, copy);
    }
    return copy;
  };
  let offered: Tool[] = [];
  const search = toolSearchTool(() => offered);
  return () => {
    const all = tools();
    const mcp = all.filter(deferrable);
    if (mcp.length === 0 || !inputs.offered() || !defers(mcp, inputs)) return all;
    offered = [
      ...all.map((tool) => (mcp.includes(tool) ? deferred(tool) : tool)),
      search,
      deferredToolPlaceholder,
    ];
    return offered;
  };
}

function defers(deferrable: readonly Tool[], inputs: ToolSearchInputs): boolean {
  if (!inputs.spec().startsWith("anthropic/")) return false;
  const value = inputs.env.ENABLE_TOOL_SEARCH?.trim().toLowerCase() ?? "";
  if (isSwitchOn(value)) return true;
  if (isSwitchOn(inputs.env.CLAUDE_CODE_DISABLE_EXPERIMENTAL_BETAS)) return false;
  if (["0", "false", "no", "off"].includes(value)) return false;
  if (value === "auto" || value.startsWith("auto:")) return aboveThreshold(deferrable, value, inputs);
  return true;
}

/** `auto`/`auto:N`: the tools' definitions, estimated in tokens, reach N% of the context window. */
function aboveThreshold(deferrable: readonly Tool[], value: string, inputs: ToolSearchInputs): boolean {
  const given = value === "auto" ? Number.NaN : Number(value.slice("auto:".length));
  const percent = Number.isFinite(given) ? Math.max(0, Math.min(100, given)) : DEFAULT_AUTO_PERCENT;
  if (percent === 0) return true;
  if (percent === 100) return false;
  const chars = deferrable.reduce((sum, tool) => sum + definitionChars(tool), 0);
  return chars / CHARS_PER_TOKEN >= Math.floor((inputs.contextWindow() * percent) / 100);
}

// Measured once per tool: the list is asked for on every prompt (and prompt suggestion), and
// converting a few hundred MCP schemas each time cost milliseconds each (about 50µs a schema).
const measured = new WeakMap<Tool, number>();

/** A tool's definition in characters: its description and its JSON Schema as the model is shown it. */
function definitionChars(tool: Tool): number {
  let chars = measured.get(tool);
  if (chars === undefined) {
    chars = tool.description.length + JSON.stringify(toolJsonSchema(tool)).length;
    measured.set(tool, chars);
  }
  return chars;
}
