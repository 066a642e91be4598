/**
 * The deferred tools' listing and the notes that deferred tools went or came (the kernel's
 * removedToolsNote and addedToolsNote), in the transcript as claude 2.1.328 records its own
 * (recorded): `attachment` lines of type `deferred_tools_delta`, the listing a line adding every
 * name, written with the conversation's first prompt, each note a line naming what went
 * (`removedNames`) or came (`addedNames`). A resume puts each note back where it stood, so the
 * resumed request repeats the earlier ones (a provider's prompt cache holds) and the model still
 * knows, and adds up the lines to know which tools the model was told of (the tools gone since get
 * the note after the next prompt, as claude's `-c` gives it); `claude -c` reads the lines too.
 */
import { addedToolsNote, removedToolsNote } from "@codebot/agentcore";
import type { ModelMessage } from "ai";
import { deferredToolsMessage, TOOL_SEARCH_TOOL } from "../tools/tool-search-tool.js";
import type { CheckedLine } from "./line-shape.js";

/**
 * claude's line, every field as it writes them (recorded): without `causeNeutral` its `-c` tells
 * the model the tools went because `their MCP server disconnected` (recorded with a codebot
 * transcript), where its own note gives no cause. A note that tools came (the kernel's
 * addedToolsNote), and the listing, are claude's lines for its own (recorded): the names in
 * `addedNames` and `addedLines`, no `causeNeutral`.
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

type Delta = { added: string[]; removed: string[] };

/** The names a `deferred_tools_delta` line (codebot's or claude's) adds and removes; undefined for another line. */
export function deltaOf(line: CheckedLine): Delta | undefined {
  if (line.type !== "attachment") return undefined;
  const attachment = (
    line as { attachment?: { type?: unknown; addedNames?: unknown; removedNames?: unknown } }
  ).attachment;
  if (attachment?.type !== "deferred_tools_delta") return undefined;
  const names = (list: unknown) =>
    Array.isArray(list) ? list.filter((name): name is string => typeof name === "string") : [];
  return { added: names(attachment.addedNames), removed: names(attachment.removedNames) };
}

/** The notes a delta line that is no listing stands for: what went, then what came. */
export function deferredToolsNotesOf(line: CheckedLine): ModelMessage[] {
  const delta = deltaOf(line);
  if (!delta) return [];
  return [
    ...(delta.removed.length > 0 ? [removedToolsNote(delta.removed, TOOL_SEARCH_TOOL)] : []),
    ...(delta.added.length > 0 ? [addedToolsNote(delta.added, deferredToolsMessage(delta.added))] : []),
  ];
}

/**
 * The deferred tools a conversation told its model of, added up from its delta lines in order
 * (since its last clear, which starts a new listing; a compaction keeps what the model was told).
 * The listing is the line that adds names before the model's first answer (claude's, or codebot's
 * from the first prompt); the others are notes. No field tells a listing from a note that tools
 * came (both add names, recorded), so a line that adds names after an answer is a note even with
 * no listing before it: an older codebot wrote its notes and no listing. The tools listed stay
 * unknown then, and each request lists the tools of the moment anyway (docs/mcp.md).
 */
export class DeferredToolsTrail {
  private told: string[] | undefined;
  /** Whether the model has answered since the conversation (or its last clear) began. */
  private answered = false;

  /** The tools told of; undefined when no listing was read (an older codebot's transcript). */
  get listed(): readonly string[] | undefined {
    return this.told;
  }

  /** Reads a transcript line: `listing` (no note to put back), `note`, or undefined for another line. */
  line(line: CheckedLine): "listing" | "note" | undefined {
    if (line.type === "assistant") this.answered = true;
    const delta = deltaOf(line);
    if (!delta) return undefined;
    const adds = delta.added.length > 0;
    if (this.told === undefined && !this.answered && adds && delta.removed.length === 0) {
      this.told = [...delta.added];
      return "listing";
    }
    if (this.told !== undefined) {
      const removed = new Set(delta.removed);
      this.told = [...this.told.filter((name) => !removed.has(name)), ...delta.added];
    }
    return adds || delta.removed.length > 0 ? "note" : undefined;
  }

  /** A clear: the listing after it is a new one. */
  restart(): void {
    this.told = undefined;
    this.answered = false;
  }
}
