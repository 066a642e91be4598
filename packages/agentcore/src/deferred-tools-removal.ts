import type { LanguageModelV3Message } from "@ai-sdk/provider";
import type { ModelMessage } from "ai";
import { addedToolsOf } from "./deferred-tools-added.js";
import { takesMidConversationSystem } from "./deferred-tools-listing.js";
import { builtByKernel } from "./messages.js";
import { REMINDER_CLOSE, REMINDER_OPEN } from "./system-reminder.js";
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

/** The names of `tools`' deferred tools, the ones a listing names. */
export function deferredNames(tools: readonly Tool[]): string[] {
  return tools.filter((tool) => tool.deferLoading === "until-loaded").map((tool) => tool.name);
}

/** claude 2.1.328's words when listed deferred tools go (recorded with a server dropping a tool mid-run). */
function removedToolsText(names: readonly string[], searchTool: string): string {
  return `The following deferred tools are no longer available. Do not search for them — ${searchTool} will return no match:\n${names.join("\n")}\n\nThis is ambient context — do not narrate it to the user unless they ask or it is directly relevant to their request.`;
}

/**
 * The history message telling the model `names` (found by `searchTool`) are gone, added at the end
 * of the conversation before the next request and kept there, where claude 2.1.328 puts it
 * (recorded). A `<system-reminder>` text marked with the names (a provider option of the kernel's
 * own, which no provider reads; a transcript keeps them): withRemovedToolsNotes sends it in the
 * form the request's model takes.
 */
export function removedToolsNote(names: readonly string[], searchTool: string): ModelMessage {
  const text = `${REMINDER_OPEN}${removedToolsText(names, searchTool)}${REMINDER_CLOSE}`;
  return builtByKernel({
    role: "user",
    content: [{ type: "text", text }],
    providerOptions: { agentcore: { removedTools: [...names] } },
  });
}

/** A note made by removedToolsNote or addedToolsNote (deferred-tools-added.ts). */
export function isDeferredToolsNote(message: { providerOptions?: unknown }): boolean {
  return removedToolsOf(message) !== undefined || addedToolsOf(message) !== undefined;
}

/** The tools a note made by removedToolsNote says are gone; undefined for any other message. */
export function removedToolsOf(message: { providerOptions?: unknown }): string[] | undefined {
  const options = message.providerOptions as { agentcore?: { removedTools?: unknown } } | undefined;
  const names = options?.agentcore?.removedTools;
  return Array.isArray(names) ? names.filter((name): name is string => typeof name === "string") : undefined;
}

type UserMessage = Extract<LanguageModelV3Message, { role: "user" }>;

/** Each note's wire form, one object from request to request (the wire cache matches messages by identity). */
const sent = new WeakMap<UserMessage, { system: boolean; message: LanguageModelV3Message }>();

/**
 * The prompt with each note that deferred tools went or came (isDeferredToolsNote) in the form
 * `modelId` takes, as claude 2.1.328 sends it (recorded): to a model that takes system messages in
 * mid-conversation (claude-opus-5-5) a system message; to another (claude-sonnet-4-5) the
 * `<system-reminder>` text in the user message after the results (claude joins it to the last tool
 * result's content), and, for the notes that follow a prompt (tools that went or came between
 * prompts), before the prompt's text, in the same user message, where claude puts them.
 */
export function withRemovedToolsNotes(
  prompt: readonly LanguageModelV3Message[],
  modelId: string,
): LanguageModelV3Message[] {
  const system = takesMidConversationSystem(modelId);
  const wired = prompt.map((message) => {
    if (message.role !== "user" || !isDeferredToolsNote(message)) return message;
    const known = sent.get(message);
    if (known?.system === system) return known.message;
    const { providerOptions: _marks, ...plain } = message;
    const text = message.content.map((part) => (part.type === "text" ? part.text : "")).join("");
    const wire: LanguageModelV3Message = system
      ? { role: "system", content: text.slice(REMINDER_OPEN.length, text.length - REMINDER_CLOSE.length) }
      : plain;
    sent.set(message, { system, message: wire });
    return wire;
  });
  return system ? wired : notesBeforePrompts(prompt, wired);
}

/**
 * `wired` (`prompt`'s wire form) with each run of notes that follows a prompt (a user message that
 * opens a user turn, not one after tool results) moved before it: the provider joins them into one
 * user message, the notes' text first.
 */
function notesBeforePrompts(
  prompt: readonly LanguageModelV3Message[],
  wired: LanguageModelV3Message[],
): LanguageModelV3Message[] {
  const isNote = (at: number) => {
    const message = prompt[at];
    return message?.role === "user" && isDeferredToolsNote(message);
  };
  const out: LanguageModelV3Message[] = [];
  for (let at = 0; at < wired.length; at += 1) {
    const message = wired[at] as LanguageModelV3Message;
    const opensTurn =
      message.role === "user" && !isNote(at) && !["tool", "user"].includes(prompt[at - 1]?.role ?? "");
    if (!opensTurn || !isNote(at + 1)) {
      out.push(message);
      continue;
    }
    let end = at + 1;
    while (isNote(end)) end += 1;
    out.push(...wired.slice(at + 1, end), message);
    at = end - 1;
  }
  return out;
}
