/**
 * The note that deferred tools went (the kernel's removedToolsNote), in the transcript as claude
 * 2.1.328 records its own (recorded): an `attachment` line of type `deferred_tools_delta` naming
 * them in `removedNames`. A resume puts the note back where it stood, so the resumed request
 * repeats the earlier ones (a provider's prompt cache holds) and the model still knows; `claude -c`
 * reads the line too. claude's lines that only add names (its listing) give no note: codebot
 * lists its deferred tools anew in every request.
 */
import { removedToolsNote } from "@codebot/agentcore";
import type { ModelMessage } from "ai";
import { TOOL_SEARCH_TOOL } from "../tools/tool-search-tool.js";
import type { CheckedLine } from "./line-shape.js";

/**
 * claude's line, every field as it writes them (recorded): without `causeNeutral` its `-c` tells
 * the model the tools went because `their MCP server disconnected` (recorded with a codebot
 * transcript), where its own note gives no cause. A note that tools came (the kernel's
 * addedToolsNote) is claude's line for its own (recorded): the names in `addedNames` and
 * `addedLines`, no `causeNeutral`. claude writes such lines for its listing too, so a resume
 * gives no note for one: codebot's listing names the tools of the moment.
 */
export function deferredToolsDeltaLine(change: {
  removed?: readonly string[];
  added?: readonly string[];
}): object {
  const removed = change.removed ?? [];
  const added = change.added ?? [];
  return {
    type: "attachment",
    attachment: {
      type: "deferred_tools_delta",
      addedNames: [...added],
      addedLines: [...added],
      removedNames: [...removed],
      ...(removed.length > 0 ? { causeNeutral: true } : {}),
      wireHiddenNames: [],
      readdedNames: [],
      pendingMcpServers: [],
      needsAuthMcpServers: [],
      failedMcpServers: [],
    },
  };
}

/** The note a `deferred_tools_delta` line with removed names stands for (codebot's or claude's). */
export function removedToolsNoteOf(line: CheckedLine): ModelMessage | undefined {
  if (line.type !== "attachment") return undefined;
  const attachment = (line as { attachment?: { type?: unknown; removedNames?: unknown } }).attachment;
  if (attachment?.type !== "deferred_tools_delta" || !Array.isArray(attachment.removedNames))
    return undefined;
  const names = attachment.removedNames.filter((name): name is string => typeof name === "string");
  return names.length > 0 ? removedToolsNote(names, TOOL_SEARCH_TOOL) : undefined;
}
