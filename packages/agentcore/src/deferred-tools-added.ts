import type { ModelMessage } from "ai";
import { builtByKernel } from "./messages.js";
import { REMINDER_CLOSE, REMINDER_OPEN } from "./system-reminder.js";
import type { Tool } from "./tool.js";

/**
 * The deferred tools of `now`, the tools of the moment, that no tool of `callable` (a run's tools
 * by name) is named as: a server's tools changed with them, or the server started late.
 */
export function addedDeferredTools(callable: ReadonlyMap<string, Tool>, now: readonly Tool[]): Tool[] {
  return now.filter((tool) => tool.deferLoading === "until-loaded" && !callable.has(tool.name));
}

/**
 * The history message telling the model `names` are deferred tools now, in `listing`'s words (the
 * tool search's listing of just them): claude 2.1.328's note (recorded with a server adding a
 * tool mid-run), added at the end of the conversation before the next request and kept there.
 * Sent in the form the request's model takes, as the note that tools went is
 * (withRemovedToolsNotes).
 */
export function addedToolsNote(names: readonly string[], listing: string): ModelMessage {
  return builtByKernel({
    role: "user",
    content: [{ type: "text", text: `${REMINDER_OPEN}${listing}${REMINDER_CLOSE}` }],
    providerOptions: { agentcore: { addedTools: [...names] } },
  });
}

/** The tools a note made by addedToolsNote says came; undefined for any other message. */
export function addedToolsOf(message: { providerOptions?: unknown }): string[] | undefined {
  const options = message.providerOptions as { agentcore?: { addedTools?: unknown } } | undefined;
  const names = options?.agentcore?.addedTools;
  return Array.isArray(names) ? names.filter((name): name is string => typeof name === "string") : undefined;
}
