import { describe, expect, it } from "vitest";
import { MCP_OUTPUT_LIMIT, toToolResult } from "../../src/mcp/tool-result.js";

describe("an MCP tool's result as its observers see it (blocks)", () => {
  it("text and image blocks are the tool's own, an image in Anthropic's shape", () => {
    const result = toToolResult({
      content: [
        { type: "text", text: "one" },
        { type: "image", data: "aGk=", mimeType: "image/png" },
      ],
    });
    expect(result.blocks).toEqual([
      { type: "text", text: "one" },
      { type: "image", source: { type: "base64", media_type: "image/png", data: "aGk=" } },
    ]);
    expect(result.content).toContain("one");
  });

  it("what has no block of its own (audio, a resource, structured content) is the model's text in one text block", () => {
    expect(
      toToolResult({
        content: [
          { type: "text", text: "one" },
          { type: "resource", resource: { uri: "file:///x", text: "body" } },
        ],
      }).blocks,
    ).toEqual([{ type: "text", text: "one\n[resource file:///x]\nbody" }]);
    expect(toToolResult({ content: [] }).blocks).toEqual([{ type: "text", text: "(no output)" }]);
  });

  it("a structured result is its compact JSON, in place of the text that repeats it (claude 2.1.328)", () => {
    const result = toToolResult({ content: [{ type: "text", text: "n is 1" }], structuredContent: { n: 1 } });
    expect(result).toMatchObject({ content: '{"n":1}', isError: false, blocks: '{"n":1}' });
    expect(result.data).toEqual({ content: '{"n":1}', structuredContent: { n: 1 } });
  });

  it("an error keeps its text even with structured content", () => {
    const result = toToolResult({
      content: [{ type: "text", text: "bad" }],
      structuredContent: {},
      isError: true,
    });
    expect(result).toMatchObject({ content: "bad", isError: true });
  });

  it("a text over the cap is the cut text the model reads", () => {
    const result = toToolResult({ content: [{ type: "text", text: "x".repeat(MCP_OUTPUT_LIMIT + 10) }] });
    expect(result.blocks).toEqual([{ type: "text", text: result.content }]);
    expect(result.content).toContain("characters of output cut");
  });
});
