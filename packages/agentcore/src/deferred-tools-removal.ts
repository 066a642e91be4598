import type { ModelMessage } from "ai";
import { takesMidConversationSystem } from "./deferred-tools-listing.js";
import { builtByKernel } from "./messages.js";
import type { Tool } from "./tool.js";

/**
 * The deferred tools (`deferLoading: "until-loaded"`) of a run's `tools`, all of them listed to the
 * model at its start, that are no longer among `now`, the tools of the moment: an MCP server
 * stopped, or said its tools changed without them.
 */
export function goneDeferredTools(tools: readonly Tool[], now: readonly Tool[]): Tool[] {
  const names = new Set(now.map((tool) => tool.name));
  return tools.filter((tool) => tool.deferLoading === "until-loaded" && !names.has(tool.name));
}

/** claude 2.1.328's words when listed deferred tools go (recorded with a server dropping a tool mid-run). */
export function removedToolsText(names: readonly string[], searchTool: string): string {
  return `The following deferred tools are no longer available. Do not search for them — ${searchTool} will return no match:\n${names.join("\n")}\n\nThis is ambient context — do not narrate it to the user unless they ask or it is directly relevant to their request.`;
}

const notes = new WeakSet<ModelMessage>();

/**
 * The history message telling the model `names` are gone, where claude 2.1.328 puts it (recorded):
 * at the end of the conversation, after the results that came before the next request, and kept
 * there for every later request. To a model that takes a system message in mid-conversation
 * (claude-opus-5-5) a system message; to another a `<system-reminder>` text, which claude
 * (claude-sonnet-4-5) joins to the last tool result and codebot sends after it in the same user
 * message.
 */
export function removedToolsNote(
  names: readonly string[],
  searchTool: string,
  modelId: string,
): ModelMessage {
  const text = removedToolsText(names, searchTool);
  const note: ModelMessage = takesMidConversationSystem(modelId)
    ? { role: "system", content: text }
    : { role: "user", content: [{ type: "text", text: `<system-reminder>\n${text}\n</system-reminder>` }] };
  notes.add(note);
  return builtByKernel(note);
}

/** Whether `message` is a note made by removedToolsNote in this process (no one typed it: a client need not show it). */
export function isRemovedToolsNote(message: ModelMessage): boolean {
  return notes.has(message);
}
