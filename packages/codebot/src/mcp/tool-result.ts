/**
 * An MCP tool result as the model sees it: structured content as its JSON when the server gives
 * one (in place of the text blocks, as claude 2.1.328 does), else text blocks in order, images as image attachments (and a line naming each, so hooks and the
 * transcript see them), audio as a line, resources by their URI (and text), the text under the
 * same output cap as the built-in tools. `isError` stays an error. Those who observe the call get
 * the result as content blocks (`blocks`), as claude 2.1.328 gives them for an MCP tool (recorded:
 * stream-json's `tool_result` content and `tool_use_result`, a PostToolUse hook's `tool_response`):
 * text as text blocks, an image as Anthropic's image block, anything else as the line the model reads.
 */
import type { ToolImage, ToolResult } from "@codebot/agentcore";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { OutputCap } from "../tools/output-cap.js";

/** As much as the bash tool gives the model. */
export const MCP_OUTPUT_LIMIT = 30_000;

export function toToolResult(result: CallToolResult): ToolResult {
  if (result.structuredContent !== undefined && result.isError !== true) {
    return structuredResult(result.structuredContent);
  }
  const parts: string[] = [];
  const images: ToolImage[] = [];
  const blocks: Record<string, unknown>[] = [];
  for (const block of result.content ?? []) {
    switch (block.type) {
      case "text":
        parts.push(block.text);
        blocks.push({ type: "text", text: block.text });
        break;
      case "image":
      case "audio":
        parts.push(`[${block.type} ${block.mimeType}, ${Buffer.byteLength(block.data, "base64")} bytes]`);
        if (block.type === "image") {
          images.push({ data: block.data, mediaType: block.mimeType });
          blocks.push({
            type: "image",
            source: { type: "base64", media_type: block.mimeType, data: block.data },
          });
        }
        break;
      case "resource": {
        const r = block.resource;
        parts.push(
          "text" in r && typeof r.text === "string"
            ? `[resource ${r.uri}]\n${r.text}`
            : `[resource ${r.uri}]`,
        );
        break;
      }
      case "resource_link":
        parts.push(`[resource link ${block.uri}${block.name ? ` (${block.name})` : ""}]`);
        break;
    }
  }
  const joined = parts.join("\n");
  const cap = new OutputCap(MCP_OUTPUT_LIMIT);
  cap.push(joined);
  const text = cap.text();
  const isError = result.isError === true;
  const content = text === "" ? "(no output)" : text;
  return {
    content,
    isError,
    ...(images.length > 0 && !isError ? { images } : {}),
    blocks: observedBlocks(blocks, parts.length, joined.length > MCP_OUTPUT_LIMIT, content),
  };
}

/**
 * The blocks an observer sees: the tool's own when each part of the model's text is one of them
 * (text and images) and nothing was cut; else (audio, resources, structured content, a cut) the
 * text the model reads as one text block, beside the images.
 */
function observedBlocks(
  blocks: readonly Record<string, unknown>[],
  partCount: number,
  cut: boolean,
  content: string,
): Record<string, unknown>[] {
  if (!cut && blocks.length > 0 && blocks.length === partCount) return [...blocks];
  return [{ type: "text", text: content }, ...blocks.filter((b) => b.type === "image")];
}

/**
 * A structured result, as claude 2.1.328 gives it (recorded with the reference servers'
 * `get-structured-content` and `read_text_file`, whose text repeats it): the model and a
 * PostToolUse hook's `tool_response` read its compact JSON, stream-json's `tool_use_result` is
 * `{content, structuredContent}`.
 */
function structuredResult(structured: Record<string, unknown>): ToolResult {
  const cap = new OutputCap(MCP_OUTPUT_LIMIT);
  cap.push(JSON.stringify(structured));
  const content = cap.text();
  return { content, isError: false, blocks: content, data: { content, structuredContent: structured } };
}
