import type { ModelMessage } from "ai";
import { loadedToolNames } from "./deferred-tools.js";
import type { Tool } from "./tool.js";
import { toolJsonSchema } from "./tool-json-schema.js";

/** The longest schema claude 2.1.328 writes into the note (read from its binary); a longer one is left out. */
const LONGEST_SCHEMA = 10_000;

/**
 * What claude 2.1.328 adds to the error of a deferred tool the model called without loading it
 * (read from its binary; recorded with server-filesystem's refusal): the tool's schema, which the
 * model never saw, and how to load it — once per tool in a conversation, after its first such
 * error. Undefined when the tool is not deferred, was loaded, or the model was told already.
 * `searchTool`: the name the model knows the tool search by.
 */
export function schemaNotSentNote(
  tool: Tool,
  searchTool: string,
  history: readonly ModelMessage[],
): string | undefined {
  if (tool.deferLoading !== "until-loaded" || loadedToolNames(history).has(tool.name)) return undefined;
  const load = `call ${searchTool} with query "select:${tool.name}" to load the tool, then call it again.`;
  if (history.some((message) => resultTexts(message).some((text) => text.endsWith(load)))) return undefined;
  const lead = "\n\nThis tool's input schema was not in your prompt when you called it. ";
  const schema = JSON.stringify(toolJsonSchema(tool));
  if (schema.length > LONGEST_SCHEMA) return `${lead}If the error above is about the input, ${load}`;
  return `${lead}The input schema is: ${schema}\nIf your input does not match this schema, correct it and call the tool again. If it matches, the error above has another cause. If the corrected call fails the same way, ${load}`;
}

/** The texts of a message's tool results. */
function resultTexts(message: ModelMessage): string[] {
  if (message.role !== "tool") return [];
  return message.content.flatMap((part) => {
    if (part.type !== "tool-result") return [];
    const { output } = part;
    if (output.type === "text" || output.type === "error-text") return [output.value];
    if (output.type === "content")
      return output.value.flatMap((item) => (item.type === "text" ? [item.text] : []));
    return [];
  });
}
