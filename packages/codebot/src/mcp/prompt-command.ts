/**
 * An MCP server's prompt as the user's slash command `/mcp__<server>__<prompt> args`, as claude
 * 2.1.328 runs it (recorded with server-everything): the words after the name fill the prompt's
 * arguments in order (the last one takes the rest), and the model gets claude's command lines
 * (`<command-message>`, `<command-name>`, `<command-args>`) followed by the text of the prompt's
 * messages.
 */
import type { GetPromptResult } from "@modelcontextprotocol/sdk/types.js";
import type { McpServers } from "./mcp-servers.js";
import { promptCommandName } from "./prompt-command-name.js";

export type PromptExpansion =
  | { kind: "none" }
  | { kind: "expanded"; text: string }
  | { kind: "error"; reason: string };

export async function expandPromptCommand(
  servers: McpServers | undefined,
  text: string,
  signal: AbortSignal,
): Promise<PromptExpansion> {
  const match = /^\/(mcp__\S+)(?:\s+([\s\S]*))?$/.exec(text.trim());
  if (!match || servers === undefined) return { kind: "none" };
  const name = match[1] as string;
  const rest = (match[2] ?? "").trim();
  const found = servers.prompts().find((p) => promptCommandName(p.connection.name, p.prompt.name) === name);
  if (found === undefined) return { kind: "none" };
  const declared = found.prompt.arguments ?? [];
  const words = rest === "" ? [] : rest.split(/\s+/);
  const args: Record<string, string> = {};
  declared.forEach((arg, i) => {
    const value = i === declared.length - 1 ? words.slice(i).join(" ") : words[i];
    if (value) args[arg.name] = value;
  });
  const missing = declared
    .filter((arg) => arg.required && args[arg.name] === undefined)
    .map((arg) => arg.name);
  if (missing.length > 0) {
    // claude 2.1.328's words (recorded).
    const usage = declared.map((arg) => arg.name).join(" ");
    return {
      kind: "error",
      reason: `Missing required argument: ${missing.join(", ")}. Usage: /${name} ${usage}`,
    };
  }
  let result: GetPromptResult;
  try {
    result = await found.connection.getPrompt(found.prompt.name, args, signal);
  } catch (error) {
    return { kind: "error", reason: `/${name}: ${(error as Error).message}` };
  }
  const head = [
    `<command-message>${name}</command-message>`,
    `<command-name>/${name}</command-name>`,
    ...(rest !== "" ? [`<command-args>${rest}</command-args>`] : []),
  ].join("\n");
  return { kind: "expanded", text: [head, ...result.messages.map(messageText)].join("\n") };
}

/** A prompt message's text; a resource by its URI and text, anything else by its type. */
function messageText(message: GetPromptResult["messages"][number]): string {
  const c = message.content;
  switch (c.type) {
    case "text":
      return c.text;
    case "resource":
      return "text" in c.resource
        ? `[Resource ${c.resource.uri}] ${c.resource.text}`
        : `[Resource ${c.resource.uri}]`;
    default:
      return `[${c.type}]`;
  }
}
