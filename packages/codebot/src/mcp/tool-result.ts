/**
 * An MCP tool result as the model sees it: structured content as its JSON when the server gives
 * one (in place of the text blocks, as claude 2.1.328 does), else text blocks in order, images as image attachments (and a line naming each, so hooks and the
 * transcript see them), audio as a line, resources and links by their URI (and text, name), the text under the
 * same output cap as the built-in tools. `isError` stays an error, its text. Those who observe the call get
 * the result as content blocks (`blocks`), as claude 2.1.328 gives them for an MCP tool (recorded:
 * stream-json's `tool_result` content and `tool_use_result`, a PostToolUse hook's `tool_response`):
 * text as text blocks, an image as Anthropic's image block, anything else as the line the model reads.
 */
import type { ToolImage, ToolResult } from "@codebot/agentcore";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { OutputCap } from "../tools/output-cap.js";

/** As much as the bash tool gives the model. */
export const MCP_OUTPUT_LIMIT = 30_000;

/** `server`: the name of the server that gave it, as the text of an embedded resource names it. */
export function toToolResult(result: CallToolResult, server: string): ToolResult {
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
      // As claude 2.1.328 writes them (each its own text block): `[Resource from <server> at <uri>] <text>`,
      // `[Resource link: <name>] <uri> (<description>)`.
      case "resource": {
        const r = block.resource;
        const body = "text" in r && typeof r.text === "string" ? ` ${r.text}` : "";
        const text = `[Resource from ${server} at ${r.uri}]${body}`;
        parts.push(text);
        blocks.push({ type: "text", text });
        break;
      }
      case "resource_link": {
        const text = `[Resource link: ${block.name}] ${block.uri}${block.description ? ` (${block.description})` : ""}`;
        parts.push(text);
        blocks.push({ type: "text", text });
        break;
      }
    }
  }
  const joined = parts.join("\n");
  const cap = new OutputCap(MCP_OUTPUT_LIMIT);
  cap.push(joined);
  const text = cap.text();
  const content = text === "" ? "(no output)" : text;
  // An error is its text, as claude 2.1.328 gives it (recorded with server-filesystem's refusal):
  // stream-json's `tool_result` content is the string, its `tool_use_result` `Error: <text>`.
  if (result.isError === true) return { content, isError: true, data: { error: content } };
  return {
    content,
    isError: false,
    ...(images.length > 0 ? { images } : {}),
    blocks: observedBlocks(blocks, parts.length, joined.length > MCP_OUTPUT_LIMIT, content),
  };
}

/**
 * The blocks an observer sees: the tool's own when each part of the model's text is one of them
 * (text, images, resources) and nothing was cut; else (audio, a cut) the
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
