import { describe, expect, it } from "vitest";
import { MCP_OUTPUT_LIMIT, toToolResult } from "../../src/mcp/tool-result.js";

describe("an MCP tool's result as its observers see it (blocks)", () => {
  it("text and image blocks are the tool's own, an image in Anthropic's shape", () => {
    const result = toToolResult(
      {
        content: [
          { type: "text", text: "one" },
          { type: "image", data: "aGk=", mimeType: "image/png" },
        ],
      },
      "s",
    );
    expect(result.blocks).toEqual([
      { type: "text", text: "one" },
      { type: "image", source: { type: "base64", media_type: "image/png", data: "aGk=" } },
    ]);
    expect(result.content).toContain("one");
  });

  it("an embedded resource and a resource link are each a text block in claude 2.1.328's words", () => {
    const result = toToolResult(
      {
        content: [
          { type: "text", text: "one" },
          { type: "resource", resource: { uri: "file:///x", text: "body" } },
          { type: "resource", resource: { uri: "file:///b", blob: "aGk=" } },
          { type: "resource_link", uri: "demo://r/1", name: "R1", description: "the first" },
          { type: "resource_link", uri: "demo://r/2", name: "R2" },
        ],
      },
      "docs",
    );
    const texts = [
      "one",
      "[Resource from docs at file:///x] body",
      "[Resource from docs at file:///b]",
      "[Resource link: R1] demo://r/1 (the first)",
      "[Resource link: R2] demo://r/2",
    ];
    expect(result.blocks).toEqual(texts.map((text) => ({ type: "text", text })));
    expect(result.content).toBe(texts.join("\n"));
  });

  it("what has no block of its own (audio) is the model's text in one text block", () => {
    expect(
      toToolResult(
        {
          content: [
            { type: "text", text: "one" },
            { type: "audio", data: "aGk=", mimeType: "audio/wav" },
          ],
        },
        "s",
      ).blocks,
    ).toEqual([{ type: "text", text: "one\n[audio audio/wav, 2 bytes]" }]);
    expect(toToolResult({ content: [] }, "s").blocks).toEqual([{ type: "text", text: "(no output)" }]);
  });

  it("a structured result is its compact JSON, in place of the text that repeats it (claude 2.1.328)", () => {
    const result = toToolResult(
      { content: [{ type: "text", text: "n is 1" }], structuredContent: { n: 1 } },
      "s",
    );
    expect(result).toMatchObject({ content: '{"n":1}', isError: false, blocks: '{"n":1}' });
    expect(result.data).toEqual({ content: '{"n":1}', structuredContent: { n: 1 } });
  });

  it("an error keeps its text even with structured content", () => {
    const result = toToolResult(
      { content: [{ type: "text", text: "bad" }], structuredContent: {}, isError: true },
      "s",
    );
    expect(result).toMatchObject({ content: "bad", isError: true });
  });

  it("a text over the cap is the cut text the model reads", () => {
    const result = toToolResult(
      { content: [{ type: "text", text: "x".repeat(MCP_OUTPUT_LIMIT + 10) }] },
      "s",
    );
    expect(result.blocks).toEqual([{ type: "text", text: result.content }]);
    expect(result.content).toContain("characters of output cut");
  });
});
