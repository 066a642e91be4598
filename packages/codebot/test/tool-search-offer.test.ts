import { type Tool, toolJsonSchema } from "@codebot/agentcore";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { type ToolSearchInputs, withToolSearch } from "../src/session/tool-search-offer.js";

// Counts the JSON Schema conversions, the cost the `auto` threshold must pay once per tool.
const conversions = vi.hoisted(() => ({ count: 0 }));
vi.mock("zod", async (importOriginal) => {
  const real = await importOriginal<typeof import("zod")>();
  const convert = real.toJSONSchema as (...args: unknown[]) => unknown;
  const toJSONSchema = ((...args: unknown[]) => {
    conversions.count += 1;
    return convert(...args);
  }) as typeof real.toJSONSchema;
  return { ...real, toJSONSchema, z: { ...real.z, toJSONSchema } };
});

/** An MCP server's tool as mcp-tool.ts makes it: the server's JSON Schema carried as zod `meta`. */
const mcpTool = (name: string): Tool => ({
  name: `mcp__srv__${name}`,
  description: "d".repeat(1000),
  inputSchema: z.looseObject({}).meta({ type: "object", properties: { q: { type: "string" } } }),
  execute: async () => ({ content: "", isError: false }),
});

const inputs = (env: Record<string, string>): ToolSearchInputs => ({
  offered: () => true,
  env,
  spec: () => "anthropic/claude-sonnet-4-5",
  // Each tool above is about 1,100 characters, 440 tokens: auto:50 of 2,200 tokens defers from three on.
  contextWindow: () => 2200,
});

const deferredNames = (tools: Tool[]) =>
  tools.filter((tool) => tool.deferLoading && tool.name.startsWith("mcp__")).map((tool) => tool.name);

beforeEach(() => {
  conversions.count = 0;
});

describe("ENABLE_TOOL_SEARCH=auto: the threshold measures each tool once", () => {
  it("several prompts' tool lists convert each MCP tool's schema once, not once a list", () => {
    const tools = [mcpTool("a"), mcpTool("b")];
    const offer = withToolSearch(() => tools, inputs({ ENABLE_TOOL_SEARCH: "auto:50" }));
    for (let prompt = 0; prompt < 4; prompt++) expect(deferredNames(offer())).toEqual([]);
    expect(conversions.count).toBe(2);
  });

  it("a tool that joins later is measured too: the sum passes the threshold and the tools are deferred", () => {
    const tools = [mcpTool("a"), mcpTool("b")];
    const offer = withToolSearch(() => tools, inputs({ ENABLE_TOOL_SEARCH: "auto:50" }));
    expect(deferredNames(offer())).toEqual([]);
    tools.push(mcpTool("c"));
    expect(deferredNames(offer())).toEqual(["mcp__srv__a", "mcp__srv__b", "mcp__srv__c"]);
    expect(deferredNames(offer())).toHaveLength(3);
    expect(conversions.count).toBe(3);
  });

  it("the schemas sent with the tools up front are the copies the threshold converted, not converted again", () => {
    const tools = [mcpTool("a"), mcpTool("b")];
    const offered = withToolSearch(() => tools, inputs({ ENABLE_TOOL_SEARCH: "auto:50" }))();
    // toolJsonSchema is the kernel's conversion of a request's tools (toModelTools).
    for (const tool of offered) toolJsonSchema(tool);
    expect(conversions.count).toBe(2);
  });
});
