/**
 * The requests an Agent SDK program sends, answered as claude 2.1.328 answers them (recorded in
 * docs/claude-code.md "Agent SDK"): `initialize` registers the program's hook callbacks,
 * `interrupt` stops the turn in progress, `set_permission_mode` changes the mode, `set_model`
 * switches the model as `/model` does, `mcp_status` lists the MCP servers, `mcp_reconnect` starts
 * one anew and `mcp_toggle` turns one off or on, `mcp_set_servers` replaces the program's servers, `reload_output_styles` names the default style, `rewind_files` puts back the
 * files the file tools changed since a message (rewind-files.ts), `apply_flag_settings` and `get_settings`
 * keep the flag settings layer (sdk-flag-settings.ts), `get_context_usage` tells the context in use
 * (output/context-usage.ts), `set_max_thinking_tokens` sets the next request's thinking budget,
 * `reload_skills` reads the skill folders again, `reload_plugins` the plugin folders (and those it
 * adds), `stop_task` stops a background sub-agent by its id (any other id is answered as claude
 * answers a task it does not have), `list_permission_rules` lists the rules with their origins. Any other subtype is refused with `unsupported_request`, as claude refuses one it does not know.
 */
import { randomUUID } from "node:crypto";
import path from "node:path";
import { THINKING_DISPLAYS, type ThinkingDisplay } from "@codebot/agentcore";
import { compileSdkCallbackHooks, type HookRunner } from "@codebot/hooks";
import type { AgentDefinition } from "../../agents/agent-definition.js";
import { BypassNotLaunched } from "../../approval/bypass-switch.js";
import type { PermissionRulesState } from "../../approval/rules-state.js";
import type { ServerStatus } from "../../mcp/mcp-servers.js";
import type { ThinkingChange } from "../../session/model-env.js";
import type { ModelSwitchOutcome } from "../../session/model-switch.js";
import type { ContextInUse } from "../../session/runtime-parts.js";
import { modelSpecNamed } from "../../settings/model-aliases.js";
import {
  claudePermissionMode,
  type PermissionModeName as PermissionMode,
} from "../../settings/permission-modes.js";
import type { PluginFolder } from "../../settings/plugin-folder.js";
import type { Skill } from "../../skills/skill.js";
import { contextUsage } from "../output/context-usage.js";
import { sdkPluginEntry } from "../output/sdk-plugin-entry.js";
import { codebotVersion } from "../version.js";
import { ControlError, type ControlHandler, type ControlRequest } from "./control-channel.js";
import { type RewindFilesSession, rewindFiles } from "./rewind-files.js";
import { FlagSettings, type FlagSettingsSession } from "./sdk-flag-settings.js";
import { sdkServerStatus } from "./sdk-mcp-status.js";

export interface SdkSession extends FlagSettingsSession, RewindFilesSession {
  readonly hooks: Pick<HookRunner, "addScopedHooks">;
  readonly permissionMode: PermissionMode;
  setPermissionMode(mode: PermissionMode): void;
  interrupt(): void;
  /** Stops a background sub-agent by its `agent_id` (`stop_task`); false when none such runs. */
  stopBackgroundTask(id: string): boolean;
  readonly modelSpec: string;
  readonly agents: { all: readonly AgentDefinition[] };
  readonly skills: { all: ReadonlyMap<string, Skill> };
  switchModel(spec: string, requested: string | null): Promise<ModelSwitchOutcome>;
  mcpServers(): ServerStatus[];
  reconnectMcpServer(name: string): Promise<void>;
  toggleMcpServer(name: string, enabled: boolean): Promise<void>;
  setMcpServers(
    servers: Record<string, unknown>,
  ): Promise<{ added: string[]; removed: string[]; errors: Record<string, string> }>;
  context(): ContextInUse;
  reloadSkills(): Promise<void>;
  reloadPlugins(add: readonly string[]): Promise<{ plugins: readonly PluginFolder[]; errors: number }>;
  setThinking(change: ThinkingChange): Promise<void>;
  permissionRules(): PermissionRulesState;
}

/** What the requests need besides the session. */
export interface SdkRequestsContext {
  /** The uuids of the user messages waiting for their turn. */
  queuedUuids(): string[];
  /** A line on stderr. */
  notify(message: string): void;
  /** A line of output: claude's note of a model switch. */
  emit(line: Record<string, unknown>): void;
  /** The first line's `initialize`, which the session started from (sdk-initialize.ts). */
  readonly startedFrom?: ControlRequest;
  /** The model `setModel()` without a name goes back to: the one the session started with. */
  readonly startModel: string;
  readonly sessionId: string;
  /** The built-in commands `-p` runs (print-commands.ts), listed after the session's; none with `--disable-slash-commands`. */
  readonly builtinCommands?: readonly Record<string, unknown>[];
}

/** Claude Code's modes as `set_permission_mode` names them, and codebot's for each. */
const SDK_MODES: Readonly<Record<string, PermissionMode>> = {
  default: "ask",
  acceptEdits: "acceptEdits",
  bypassPermissions: "bypassPermissions",
  auto: "auto",
  dontAsk: "dontAsk",
  plan: "plan",
};

export function sdkRequests(session: SdkSession, context: SdkRequestsContext): ControlHandler {
  const { queuedUuids, notify } = context;
  let initialized = false;
  const flagSettings = new FlagSettings(session, {
    setModel: (name) => setModel(session, context, name),
    notify,
    bareId,
  });
  return (request) => {
    switch (request.subtype) {
      case "initialize": {
        if (initialized) throw new ControlError("Already initialized", "already_initialized");
        initialized = true;
        // One that was not the first line comes after the start: only its hooks can still count.
        if (request !== context.startedFrom) {
          const { hooks, problems } = compileSdkCallbackHooks(request.hooks);
          for (const problem of problems) notify(`the Agent SDK's initialize: ${problem}`);
          for (const key of Object.keys(request))
            if (key !== "subtype" && key !== "hooks" && request[key] !== undefined && !noPrompt(request, key))
              notify(`the Agent SDK's initialize: "${key}" came after the session started; ignored`);
          if (hooks.length > 0) session.hooks.addScopedHooks("agent-sdk", hooks);
        }
        return {
          commands: [...commandsOf(session), ...(context.builtinCommands ?? [])],
          agents: agentsOf(session),
          models: [],
          output_style: "default",
          available_output_styles: ["default"],
          pid: process.pid,
          codebot_version: codebotVersion(),
          current_permission_mode: claudePermissionMode(session.permissionMode),
          hooks_applied: true,
          hook_on_failure_supported: true,
          // The SDK ends the session unless this says whether `initialize`'s `mcpServers` were loaded.
          ...(isObject(request.mcpServers) ? { mcp_servers_applied: request === context.startedFrom } : {}),
        };
      }
      case "interrupt": {
        // What was read and waits for its turn still runs: said, as claude says it.
        const stillQueued = queuedUuids();
        session.interrupt();
        return { still_queued: stillQueued };
      }
      case "set_permission_mode": {
        const mode = typeof request.mode === "string" ? SDK_MODES[request.mode] : undefined;
        if (mode === undefined)
          throw new ControlError(
            `Cannot set permission mode: must be one of ${Object.keys(SDK_MODES).join(", ")}`,
            "invalid_mode",
          );
        try {
          session.setPermissionMode(mode);
        } catch (error) {
          // claude's words and code for a bypass the session was not launched able to make (recorded).
          if (error instanceof BypassNotLaunched)
            throw new ControlError(
              "Cannot set permission mode to bypassPermissions because the session was not launched with --dangerously-skip-permissions",
              error.code,
            );
          throw new ControlError(`Cannot set permission mode: ${(error as Error).message}`, "invalid_mode");
        }
        return { mode: request.mode };
      }
      case "set_model":
        return setModel(session, context, request.model);
      case "mcp_status":
        return { mcpServers: session.mcpServers().map(sdkServerStatus) };
      case "mcp_reconnect":
        // Answered without a response object once the server connected or failed, as claude
        // answers; an unknown name's error has no error_code, as claude's has none.
        return session.reconnectMcpServer(serverNameOf(request)).then(() => undefined);
      case "mcp_toggle":
        if (typeof request.enabled !== "boolean")
          throw new ControlError("mcp_toggle: enabled must be true or false", "invalid_request");
        return session.toggleMcpServer(serverNameOf(request), request.enabled).then(() => undefined);
      case "mcp_set_servers":
        if (!isObject(request.servers))
          throw new ControlError(
            "mcp_set_servers: servers must be an object of servers by name",
            "invalid_request",
          );
        return session.setMcpServers(request.servers);
      case "reload_output_styles":
        // codebot has the default style only, as initialize's answer says.
        return { available_output_styles: ["default"] };
      case "rewind_files":
        return rewindFiles(session, request);
      case "apply_flag_settings":
        // Answered without a response object, as claude answers it.
        return flagSettings.apply(request.settings).then(() => undefined);
      case "get_settings":
        return flagSettings.get();
      case "set_max_thinking_tokens":
        // Answered without a response object, as claude answers it.
        return setMaxThinkingTokens(session, request).then(() => undefined);
      case "get_context_usage":
        return contextUsage(session.context(), bareId(session.modelSpec));
      case "reload_skills":
        return reloadSkills(session, context);
      case "reload_plugins":
        return reloadPlugins(session, context, request.add_plugins);
      case "stop_task":
        // A background sub-agent's id stops it (its notification then says `killed`); any other
        // id gets claude's answer for a task it does not have, the same `{}`.
        if (typeof request.task_id === "string") session.stopBackgroundTask(request.task_id);
        return {};
      case "list_permission_rules":
        // Read-only: the rules in force and the working folders, each with its origin (rules-state.ts).
        return { state: session.permissionRules() };
      case "set_prompt_suggestions_paused":
        // Recorded: claude 2.1.328 answers it and goes on suggesting (its pause sits behind a
        // feature gate of Anthropic's service, off without it); so does codebot.
        if (typeof request.paused !== "boolean")
          throw new ControlError(
            `Invalid set_prompt_suggestions_paused: Invalid input: expected boolean, received ${typeof request.paused}`,
            "invalid_request",
          );
        return undefined;
      default:
        throw new ControlError(
          `Unsupported control request subtype: ${request.subtype}`,
          "unsupported_request",
        );
    }
  };
}

/**
 * `setModel(name)`: the switch `/model` makes (PreModelSwitch may refuse it), answered with the
 * model now in use, as claude answers; a switch is said on the output as claude says it, in a user
 * line. No name (or `default`) goes back to the model the session started with.
 */
async function setModel(
  session: SdkSession,
  context: SdkRequestsContext,
  name: unknown,
): Promise<Record<string, unknown>> {
  if (name !== undefined && name !== null && typeof name !== "string")
    throw new ControlError(`Cannot set model: "model" must be a string`, "invalid_model");
  const requested = name === undefined || name === null || name === "default" ? null : name.trim();
  if (requested === "") throw new ControlError("Cannot set model: the model name is empty", "invalid_model");
  const spec = requested === null ? context.startModel : modelSpecNamed(requested, session.modelSpec);
  if (spec !== session.modelSpec) {
    const outcome = await session.switchModel(spec, requested);
    if (!outcome.switched)
      throw new ControlError(`Cannot set model: ${outcome.reason}`, "model_switch_refused");
    const id = bareId(spec);
    context.emit({
      type: "user",
      message: {
        role: "user",
        content: `<local-command-stdout>Set model to \`${id}\`</local-command-stdout>`,
      },
      session_id: context.sessionId,
      parent_tool_use_id: null,
      uuid: randomUUID(),
    });
  }
  return { model: bareId(session.modelSpec) };
}

/**
 * `setMaxThinkingTokens(n)`: the next model request's `thinking` budget, as claude 2.1.328 sends
 * it (`{type: "enabled", budget_tokens: n}`, 0 `{type: "disabled"}`), and its `thinking_display`
 * (`--thinking-display`'s values, thinking-flags.ts). As claude did (recorded): a field left out
 * stays as it is, so a request may change the display alone; `null` goes back to the start's.
 * `highlights`, which codebot does not send, is refused after the budget is set, as claude's
 * Agent SDK documents its refusal of it.
 */
async function setMaxThinkingTokens(session: SdkSession, request: Record<string, unknown>): Promise<void> {
  const tokens = request.max_thinking_tokens;
  const display = request.thinking_display;
  if (
    tokens !== undefined &&
    tokens !== null &&
    (typeof tokens !== "number" || !Number.isSafeInteger(tokens) || tokens < 0)
  )
    throw new ControlError(
      `Cannot set max thinking tokens: "max_thinking_tokens" must be a whole number of tokens, 0 or more, or null (got ${JSON.stringify(tokens)})`,
      "invalid_max_thinking_tokens",
    );
  if (display !== undefined && display !== null && !THINKING_DISPLAYS.some((known) => known === display))
    throw new ControlError(
      `Cannot set thinking display: "thinking_display" must be one of ${THINKING_DISPLAYS.join(", ")}, or null (got ${JSON.stringify(display)})`,
      "invalid_thinking_display",
    );
  const sent = display === "highlights" ? undefined : (display as ThinkingDisplay | null | undefined);
  await session.setThinking({
    ...(tokens !== undefined ? { tokens: tokens as number | null } : {}),
    ...(sent !== undefined ? { display: sent } : {}),
  });
  if (display === "highlights")
    throw new ControlError(
      "Cannot set thinking display: codebot does not send highlights (the API takes it only from sessions Anthropic hosts); the display stays as it was",
      "unsupported_thinking_display",
    );
}

/**
 * `reloadSkills()`: the skill and command folders read again, answered with the skills a user may
 * run; when they changed, claude's `commands_changed` line goes out first, as claude sends it.
 */
async function reloadSkills(
  session: SdkSession,
  context: SdkRequestsContext,
): Promise<Record<string, unknown>> {
  await saysCommandsChanged(session, context, () => session.reloadSkills());
  return { skills: commandsOf(session) };
}

/**
 * `reloadPlugins({addPlugins})`: the plugin folders read again, each of `add_plugins` joining as
 * one more `--plugin-dir` (absolute paths only, as claude takes them); their hooks and skills count
 * from the next call. Answered in claude 2.1.328's shape, after its `commands_changed` line when
 * the commands changed; `error_count` counts the plugins skipped (a folder not found).
 */
async function reloadPlugins(
  session: SdkSession,
  context: SdkRequestsContext,
  addPlugins: unknown,
): Promise<Record<string, unknown>> {
  const add = pluginPathsOf(addPlugins);
  let reloaded: { plugins: readonly PluginFolder[]; errors: number } | undefined;
  await saysCommandsChanged(session, context, async () => {
    reloaded = await session.reloadPlugins(add);
  });
  const { plugins, errors } = reloaded as { plugins: readonly PluginFolder[]; errors: number };
  return {
    commands: commandsOf(session),
    agents: agentsOf(session),
    plugins: plugins.map(sdkPluginEntry),
    mcpServers: session.mcpServers().map(sdkServerStatus),
    error_count: errors,
  };
}

/** The folders of `add_plugins` (`[{type: "local", path}]`); claude's refusal of anything else. */
function pluginPathsOf(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  const entries = Array.isArray(value) ? value : [undefined];
  const paths = entries.map((entry) =>
    typeof entry === "object" && entry !== null && entry.type === "local" && typeof entry.path === "string"
      ? (entry.path as string)
      : "",
  );
  if (paths.some((p) => !path.isAbsolute(p)))
    throw new ControlError(
      'reload_plugins add_plugins must be a list of { type: "local", path } entries with absolute paths',
      "invalid_add_plugins",
    );
  return paths;
}

/** Runs `change`; when the commands a user may run changed, claude's `commands_changed` line goes out. */
async function saysCommandsChanged(
  session: SdkSession,
  context: SdkRequestsContext,
  change: () => Promise<void>,
): Promise<void> {
  const before = JSON.stringify(commandsOf(session));
  await change();
  const commands = commandsOf(session);
  if (JSON.stringify(commands) !== before)
    context.emit({
      type: "system",
      subtype: "commands_changed",
      commands,
      uuid: randomUUID(),
      session_id: context.sessionId,
    });
}

/** The session's custom agents, as `initialize` lists them (`supportedAgents()`). */
function agentsOf(session: SdkSession): Record<string, unknown>[] {
  return session.agents.all.map((agent) => ({
    name: agent.name,
    description: agent.description,
    ...(agent.model !== undefined ? { model: agent.model } : {}),
  }));
}

/** A `provider/id` spec's id, as claude's lines name a model. */
function bareId(spec: string): string {
  return spec.slice(spec.indexOf("/") + 1);
}

/** The SDK's `systemPrompt: [""]`, sent when the program gives none: nothing asked for. */
function noPrompt(request: ControlRequest, key: string): boolean {
  const value = request[key];
  return key === "systemPrompt" && Array.isArray(value) && value.every((part) => part === "");
}

/** The skills and commands a user may run, as claude lists its slash commands (`supportedCommands()`). */
function commandsOf(session: SdkSession): Record<string, unknown>[] {
  return [...session.skills.all.values()]
    .filter((skill) => skill.userInvocable)
    .map((skill) => ({
      name: skill.name,
      description: skill.description,
      argumentHint: skill.argumentHint ?? "",
    }));
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `serverName`, as the SDK's reconnectMcpServer() and toggleMcpServer() send it. */
function serverNameOf(request: ControlRequest): string {
  if (typeof request.serverName !== "string" || request.serverName === "")
    throw new ControlError("serverName must be a server's name", "invalid_request");
  return request.serverName;
}
