/**
 * An MCP tool result as the model sees it: text blocks in order, structured content as JSON
 * when there is no text, images as image attachments (and a line naming each, so hooks and the
 * transcript see them), audio as a line, resources by their URI (and text), the text under the
 * same output cap as the built-in tools. `isError` stays an error.
 */
import type { ToolImage, ToolResult } from "@codebot/agentcore";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { OutputCap } from "../tools/output-cap.js";

/** As much as the bash tool gives the model. */
export const MCP_OUTPUT_LIMIT = 30_000;

export function toToolResult(result: CallToolResult): ToolResult {
  const parts: string[] = [];
  const images: ToolImage[] = [];
  for (const block of result.content ?? []) {
    switch (block.type) {
      case "text":
        parts.push(block.text);
        break;
      case "image":
      case "audio":
        parts.push(`[${block.type} ${block.mimeType}, ${Buffer.byteLength(block.data, "base64")} bytes]`);
        if (block.type === "image") images.push({ data: block.data, mediaType: block.mimeType });
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
  if (parts.length === 0 && result.structuredContent !== undefined) {
    parts.push(JSON.stringify(result.structuredContent, null, 2));
  }
  const cap = new OutputCap(MCP_OUTPUT_LIMIT);
  cap.push(parts.join("\n"));
  const text = cap.text();
  const isError = result.isError === true;
  return {
    content: text === "" ? "(no output)" : text,
    isError,
    ...(images.length > 0 && !isError ? { images } : {}),
  };
}
