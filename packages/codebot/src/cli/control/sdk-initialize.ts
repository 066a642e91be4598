/**
 * The Agent SDK's `initialize` as the start of the session: with stream-json input codebot reads
 * the first line before it starts the session, and when that is `initialize` its fields are the
 * session's from the start, as the flags they stand for would be — the hook callbacks (so
 * SessionStart callbacks fire for the start), `agents` (`--agents`), `jsonSchema` (the SDK's
 * `outputFormat`, `--json-schema`), `systemPrompt` and `appendSystemPrompt`
 * (`--system-prompt`, `--append-system-prompt`), `systemPromptSnapshot` and `excludeDynamicSections`
 * (`--system-prompt-snapshot`, `--exclude-dynamic-system-prompt-sections`); `promptSuggestions` and
 * `forwardSubagentText` (`--prompt-suggestions`, `--forward-subagent-text`) for its output lines;
 * `sdkMcpServers` (the program's in-process MCP servers, reached with `mcp_message` requests) and
 * `mcpServers` (its other servers, as `--mcp-config` gives them). What codebot does not take is
 * named on stderr.
 */
import { type CompiledHook, compileSdkCallbackHooks, type Problem } from "@codebot/hooks";
import { type AgentDefinition, parseAgentsFlag } from "../../agents/agent-definition.js";
import { SERVER_NAME } from "../../mcp/server-config.js";
import { type OutputSchema, parseJsonSchema } from "../../tools/structured-output-tool.js";
import type { ControlRequest } from "./control-channel.js";

/** The keys of `initialize` codebot reads; any other that carries a value is named on stderr. */
const READ_KEYS = new Set([
  "subtype",
  "hooks",
  "agents",
  "jsonSchema",
  "systemPrompt",
  "appendSystemPrompt",
  "systemPromptSnapshot",
  "excludeDynamicSections",
  "promptSuggestions",
  "forwardSubagentText",
  "sdkMcpServers",
  "mcpServers",
  // What the SDK already knows of its servers (their initialize and tools/list answers); codebot asks them itself.
  "sdkMcpServerManifests",
]);

/** What the session starts with, from the program's `initialize`. */
export interface SdkStart {
  programHooks: CompiledHook[];
  cliAgents?: AgentDefinition[];
  jsonSchema?: OutputSchema;
  systemPrompt?: string;
  appendSystemPrompt?: string;
  /** The SDK's `systemPrompt.snapshot` (`--system-prompt-snapshot`). */
  systemPromptSnapshot?: boolean;
  /** The SDK's `systemPrompt.excludeDynamicSections` (`--exclude-dynamic-system-prompt-sections`). */
  excludeDynamicSystemPrompt?: boolean;
  /** The program's in-process MCP servers (`createSdkMcpServer()`), by name. */
  sdkMcpServers?: string[];
  /**
   * The program's other MCP servers (the SDK's `mcpServers` sent in `initialize`, with
   * `--await-initialize`), as one inline `--mcp-config`: they come after the flag's.
   */
  mcpConfigs?: string[];
}

export function sdkStartOf(request: ControlRequest, notify: (message: string) => void): SdkStart {
  const say = (message: string) => notify(`the Agent SDK's initialize: ${message}`);
  const { hooks, problems } = compileSdkCallbackHooks(request.hooks);
  for (const problem of problems) say(problem);
  const start: SdkStart = { programHooks: hooks };
  const { agents, jsonSchema, systemPrompt, appendSystemPrompt } = request;
  if (isObject(agents)) {
    const agentProblems: Problem[] = [];
    start.cliAgents = parseAgentsFlag(agents, agentProblems);
    for (const problem of agentProblems) say(problem.message);
  } else if (agents !== undefined && agents !== null) say(`"agents" is not an object; ignored`);
  if (jsonSchema !== undefined && jsonSchema !== null) {
    const schema = parseJsonSchema(JSON.stringify(jsonSchema));
    if ("error" in schema) say(`jsonSchema: ${schema.error}; no structured output`);
    else start.jsonSchema = schema;
  }
  // The SDK sends `[""]` when the program gives no system prompt: codebot's own instructions stay.
  const parts = Array.isArray(systemPrompt) ? systemPrompt : [systemPrompt];
  if (parts.some((part) => part !== undefined && part !== null && typeof part !== "string"))
    say(`"systemPrompt" is not a list of strings; ignored`);
  else {
    const text = parts.filter((part): part is string => typeof part === "string" && part !== "").join("\n\n");
    if (text !== "") start.systemPrompt = text;
  }
  if (typeof appendSystemPrompt === "string") {
    if (appendSystemPrompt !== "") start.appendSystemPrompt = appendSystemPrompt;
  } else if (given(appendSystemPrompt)) say(`"appendSystemPrompt" is not a string; ignored`);
  const { systemPromptSnapshot, excludeDynamicSections } = request;
  if (typeof systemPromptSnapshot === "boolean") start.systemPromptSnapshot = systemPromptSnapshot;
  else if (given(systemPromptSnapshot)) say(`"systemPromptSnapshot" is not true or false; ignored`);
  if (excludeDynamicSections === true) start.excludeDynamicSystemPrompt = true;
  else if (given(excludeDynamicSections) && excludeDynamicSections !== false)
    say(`"excludeDynamicSections" is not true or false; ignored`);
  const { sdkMcpServers } = request;
  if (Array.isArray(sdkMcpServers)) {
    const names = sdkMcpServers.filter(
      (name): name is string => typeof name === "string" && SERVER_NAME.test(name),
    );
    for (const bad of sdkMcpServers.filter((name) => !names.includes(name)))
      say(
        `sdkMcpServers: ${JSON.stringify(bad)} is not a server name (letters, digits, _ and -, at most 64); ignored`,
      );
    if (names.length > 0) start.sdkMcpServers = names;
  } else if (given(sdkMcpServers)) say(`"sdkMcpServers" is not a list of names; ignored`);
  const { mcpServers } = request;
  if (isObject(mcpServers)) start.mcpConfigs = [JSON.stringify({ mcpServers })];
  else if (given(mcpServers)) say(`"mcpServers" is not an object of servers; ignored`);
  for (const key of unreadKeys(request)) say(`"${key}" is not supported by codebot; ignored`);
  return start;
}

/** The program's `promptSuggestions` and `forwardSubagentText`: the output flags it stands for. */
export function sdkOutputOf(
  request: ControlRequest,
  notify: (message: string) => void,
): { promptSuggestions: boolean; subagentMessages: boolean } {
  const flag = (key: string): boolean => {
    const value = request[key];
    if (given(value) && typeof value !== "boolean")
      notify(`the Agent SDK's initialize: "${key}" is not true or false; ignored`);
    return value === true;
  };
  return { promptSuggestions: flag("promptSuggestions"), subagentMessages: flag("forwardSubagentText") };
}

/** What `initialize` carries that codebot does not read (each said once on stderr). */
function unreadKeys(request: ControlRequest): string[] {
  return Object.keys(request).filter((key) => !READ_KEYS.has(key) && given(request[key]));
}

/** A field the program set (the SDK sends null or leaves out what it was not given). */
function given(value: unknown): boolean {
  return value !== undefined && value !== null;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
