/**
 * The session's MCP servers: starts the approved ones in parallel, keeps their tools in the
 * agent's tool list (`mcp__<server>__<tool>`), lets the first prompt wait for them at most the
 * startup timeout, and closes them with the session. A server can be started again (`reconnect`)
 * or turned off and on for the session (`toggle`), as the Agent SDK asks.
 */
import type { Tool } from "@codebot/agentcore";
import type {
  ElicitRequest,
  ElicitResult,
  Tool as McpToolInfo,
  Prompt,
  ToolAnnotations,
} from "@modelcontextprotocol/sdk/types.js";
import { mcpTool } from "./mcp-tool.js";
import { isTypablePromptName } from "./prompt-command-name.js";
import { RESOURCE_TOOL_NAMES } from "./resource-tool-names.js";
import { resourceTools } from "./resource-tools.js";
import { ServerConnection, type ServerState } from "./server-connection.js";
import { canonical } from "./server-consent.js";
import type { ServerEntry } from "./server-entry.js";
import type { LaunchContext } from "./server-launch.js";
import { sharesToolNamesWith, toolNameKey } from "./tool-name-collisions.js";
import { ToolNameOwners } from "./tool-name-owners.js";

export const DEFAULT_STARTUP_TIMEOUT_MS = 10_000;
/**
 * The longest tool name every model API takes (OpenAI's limit); mcpToolName leaves only the
 * characters they all take. claude 2.1.328 sends longer names (recorded: 78 characters).
 */
const MAX_TOOL_NAME = 64;

export interface McpServersOptions {
  entries: readonly ServerEntry[];
  /** Whether a project server's grant is approved (trust store, `--trust-project-hooks`). */
  isApproved(entry: ServerEntry): boolean;
  launch: LaunchContext;
  startupTimeoutMs?: number;
  /** Longest a tool call waits (MCP_TOOL_TIMEOUT); default ten minutes. */
  callTimeoutMs?: number;
  /** The agent's tool list: MCP tools are added to and removed from it as servers come and go. */
  tools: Tool[];
  notify(message: string): void;
  elicit?(server: string, request: ElicitRequest["params"], signal: AbortSignal): Promise<ElicitResult>;
  /**
   * Where a resource's binary content read by the model is saved (the session's `tool-results`
   * folder); absent where no model runs (`codebot mcp list`).
   */
  resultsDir?(): string;
  /**
   * Which resource tools may be offered (`--tools` chooses them among the built-in tools, as
   * claude's does); default both.
   */
  resourceTools?: readonly string[];
}

/** One row of `/mcp` and `codebot mcp list`. */
export interface ServerStatus {
  name: string;
  state: ServerState;
  origin: ServerEntry["origin"];
  file: string;
  /** The entry as written (`${VAR}` not expanded). */
  config: ServerEntry["config"];
  /** Its tools offered to the model, as the server names them (one left out for its name is not here). */
  tools: string[];
  /** What the server says of each tool (`readOnlyHint`, …), by tool name. */
  toolAnnotations: Readonly<Record<string, ToolAnnotations | undefined>>;
  /** Its prompts' names (slash commands `/mcp__<server>__<prompt>`, promptCommandName), those that can be typed, when it has some. */
  prompts?: string[];
  /** The server's own name and version, from its `initialize` answer, while connected. */
  serverInfo?: Readonly<Record<string, unknown>>;
  error?: string;
}

export class McpServers {
  private readonly connections: ServerConnection[] = [];
  private readonly unapproved: ServerEntry[] = [];
  private started: Promise<void> | undefined;
  private waited = false;
  /** Tool names already reported as unusable (each is reported once, not at every change). */
  private readonly badNames = new Set<string>();
  /** Which tool each MCP tool name stands for, for the session. */
  private readonly toolNameOwners = new ToolNameOwners();
  /**
   * Each server's tools offered now (syncTools): a tool left out is not shown as its server's, so
   * the server named for a call (hooks' `mcp_server`, the Agent SDK's permission question) is the
   * one the call reaches.
   */
  private readonly offeredTools = new WeakSet<McpToolInfo>();
  private readonly startupTimeoutMs: number;
  /** The servers turned off for the session. */
  private readonly disabled = new Set<string>();
  /** The servers the Agent SDK program set (`mcp_set_servers`): the next set replaces them. */
  private readonly programSet = new Set<string>();
  /** list_mcp_resources, read_mcp_resource and read_mcp_resource_dir, offered while a connected server has resources. */
  private readonly resourceTools: Tool[];

  constructor(private readonly options: McpServersOptions) {
    this.startupTimeoutMs = options.startupTimeoutMs ?? DEFAULT_STARTUP_TIMEOUT_MS;
    this.resourceTools = resourceTools({
      servers: () => this.connections.filter((c) => !this.disabled.has(c.name)),
      resultsDir: () => {
        if (!options.resultsDir) throw new Error("no folder for tool results");
        return options.resultsDir();
      },
    }).filter((tool) => options.resourceTools?.includes(tool.name) ?? true);
    for (const entry of options.entries) {
      if (!options.isApproved(entry)) {
        this.unapproved.push(entry);
        continue;
      }
      this.connections.push(this.connectionTo(entry));
    }
  }

  private connectionTo(entry: ServerEntry): ServerConnection {
    const { options } = this;
    return new ServerConnection(entry, {
      launch: options.launch,
      startupTimeoutMs: this.startupTimeoutMs,
      ...(options.callTimeoutMs !== undefined ? { callTimeoutMs: options.callTimeoutMs } : {}),
      report: options.notify,
      onToolsChanged: () => this.syncTools(),
      elicit: options.elicit ?? (async () => ({ action: "decline" })),
    });
  }

  /**
   * The server stopped and started anew (its tools listed again), and on again if it was off;
   * resolves once it connected or failed. Throws for a name the session has not started.
   */
  async reconnect(name: string): Promise<void> {
    const at = this.indexOf(name);
    const old = this.connections[at] as ServerConnection;
    this.disabled.delete(name);
    const fresh = this.connectionTo(old.entry);
    this.connections[at] = fresh;
    await old.close();
    this.syncTools();
    await fresh.start();
  }

  /** Turns the server off (stopped, its tools gone) or on again (started anew) for the session. */
  async toggle(name: string, enabled: boolean): Promise<void> {
    const at = this.indexOf(name);
    if (enabled) {
      if (this.disabled.has(name)) await this.reconnect(name);
      return;
    }
    if (this.disabled.has(name)) return;
    this.disabled.add(name);
    await (this.connections[at] as ServerConnection).close();
    this.syncTools();
  }

  /**
   * The program's servers become these: those it set before and not now are stopped, new ones
   * (and changed ones) start; resolves once each started or failed. A name the session already has
   * from elsewhere (settings, `--mcp-config`) is left as it is, an error of that name; so is a
   * server whose tools would be named as those of a server from elsewhere (withoutToolNameCollisions:
   * `plugin_guard_tools` beside plugin guard's `tools`; the program's names, letters, digits, `_`
   * and `-`, cannot collide among themselves).
   */
  async setProgramServers(
    entries: readonly ServerEntry[],
  ): Promise<{ added: string[]; removed: string[]; errors: Record<string, string> }> {
    const errors: Record<string, string> = {};
    const wanted = new Map<string, ServerEntry>();
    const toolNameOwners = this.toolNameOwnersBesideProgram();
    for (const entry of entries) {
      const taken = !this.programSet.has(entry.name) && this.connections.some((c) => c.name === entry.name);
      const owner = toolNameOwners.get(toolNameKey(entry.name));
      if (taken || this.unapproved.some((e) => e.name === entry.name))
        errors[entry.name] = `a server named ${entry.name} is already configured for this session`;
      else if (!this.options.isApproved(entry))
        errors[entry.name] =
          `it runs a program of this project and is not approved; run "codebot mcp trust" to review it`;
      else if (owner !== undefined) errors[entry.name] = sharesToolNamesWith(entry, owner);
      else wanted.set(entry.name, entry);
    }
    const removed: string[] = [];
    const stopping: Promise<void>[] = [];
    for (const name of [...this.programSet]) {
      const at = this.connections.findIndex((c) => c.name === name);
      const kept = wanted.get(name);
      const old = this.connections[at];
      if (old && kept && JSON.stringify(kept.config) === JSON.stringify(old.entry.config)) {
        wanted.delete(name);
        continue;
      }
      this.programSet.delete(name);
      this.disabled.delete(name);
      if (old) {
        this.connections.splice(at, 1);
        stopping.push(old.close());
      }
      if (!kept) removed.push(name);
    }
    await Promise.all(stopping);
    this.syncTools();
    const added = [...wanted.keys()];
    const fresh = [...wanted.values()].map((entry) => this.connectionTo(entry));
    for (const connection of fresh) {
      this.programSet.add(connection.name);
      this.connections.push(connection);
    }
    await Promise.all(fresh.map((c) => c.start()));
    for (const connection of fresh)
      if (connection.state === "failed") errors[connection.name] = connection.error ?? "did not start";
    return { added, removed, errors };
  }

  /**
   * Servers that join mid-session (the plugins the Agent SDK's `reload_plugins` loaded): one the
   * session has by name with the same settings (sameLaunch) is left as it is, running, its tools
   * unchanged. One whose settings changed is stopped (or dropped from those waiting for approval)
   * and taken in its place as a new one would be: a changed command needs the approval a new one
   * needs, and one turned off for the session stays off, to start with its new settings when turned
   * on. A new one whose tools would be named as a server's the session has (the program's
   * `plugin_guard_tools` beside plugin guard's `tools`) is left out with a notice, as at the start
   * (withoutToolNameCollisions: the one already running stays); one that needs approval it lacks
   * waits for it, said as at the start. The others start; resolves once each started or failed
   * (claude answers at once, `pending`: here the next turn has their tools).
   */
  async addServers(entries: readonly ServerEntry[]): Promise<void> {
    const owners = new Map(
      [...this.connections.map((c) => c.entry), ...this.unapproved].map((e) => [toolNameKey(e.name), e]),
    );
    const fresh: ServerConnection[] = [];
    const waiting: ServerEntry[] = [];
    const stopping: Promise<void>[] = [];
    for (const entry of entries) {
      const at = this.connections.findIndex((c) => c.name === entry.name);
      const waits = this.unapproved.findIndex((e) => e.name === entry.name);
      const had = this.connections[at]?.entry ?? this.unapproved[waits];
      if (had !== undefined && sameLaunch(had, entry)) continue;
      if (had === undefined) {
        const owner = owners.get(toolNameKey(entry.name));
        if (owner !== undefined) {
          this.options.notify(
            `codebot: MCP server "${entry.name}" left out: ${sharesToolNamesWith(entry, owner)}`,
          );
          continue;
        }
        owners.set(toolNameKey(entry.name), entry);
      }
      // Its settings changed: the old one goes, the new one takes its place in the lists.
      if (at >= 0) stopping.push((this.connections[at] as ServerConnection).close());
      if (waits >= 0) this.unapproved.splice(waits, 1);
      if (!this.options.isApproved(entry)) {
        if (at >= 0) this.connections.splice(at, 1);
        this.disabled.delete(entry.name);
        this.unapproved.splice(waits >= 0 ? waits : this.unapproved.length, 0, entry);
        waiting.push(entry);
        continue;
      }
      const connection = this.connectionTo(entry);
      this.connections.splice(at >= 0 ? at : this.connections.length, at >= 0 ? 1 : 0, connection);
      if (!this.disabled.has(entry.name)) fresh.push(connection);
    }
    if (stopping.length > 0) this.syncTools();
    await Promise.all(stopping);
    this.tellUnapproved(waiting);
    await Promise.all(fresh.map((c) => c.start()));
  }

  /**
   * Servers that leave mid-session (those of the plugins a `reload_plugins` no longer loads): each
   * is stopped, or dropped from those waiting for approval, and its tools go from the next request.
   * A name the session does not have is passed over.
   */
  async removeServers(names: readonly string[]): Promise<void> {
    const gone = new Set(names);
    const stopping = this.connections.filter((c) => gone.has(c.name));
    for (const name of gone) this.disabled.delete(name);
    this.connections.splice(0, this.connections.length, ...this.connections.filter((c) => !gone.has(c.name)));
    this.unapproved.splice(0, this.unapproved.length, ...this.unapproved.filter((e) => !gone.has(e.name)));
    this.syncTools();
    await Promise.all(stopping.map((c) => c.close()));
  }

  /** Says which of these servers wait for approval: the project's, and yours that would run its programs. */
  private tellUnapproved(entries: readonly ServerEntry[]): void {
    const names = (own: boolean) =>
      entries
        .filter((e) => e.needsConsent !== own)
        .map((e) => e.name)
        .join(", ");
    if (names(false) !== "")
      this.options.notify(
        `codebot: project MCP server(s) not started because they are not approved: ${names(false)}; run "codebot mcp trust" to review them`,
      );
    if (names(true) !== "")
      this.options.notify(
        `codebot: your MCP server(s) would run programs of this project, not approved for it yet, and were not started: ${names(true)}; run "codebot mcp trust" to review them`,
      );
  }

  /** The servers not set by the program (started, off or waiting for approval), by their tools' name key (toolNameKey). */
  private toolNameOwnersBesideProgram(): Map<string, ServerEntry> {
    const others = [
      ...this.connections.filter((c) => !this.programSet.has(c.name)).map((c) => c.entry),
      ...this.unapproved,
    ];
    return new Map(others.map((entry) => [toolNameKey(entry.name), entry]));
  }

  /** Where the started server of this name is in the list; throws, as claude says it, when none is. */
  private indexOf(name: string): number {
    const at = this.connections.findIndex((c) => c.name === name);
    if (at >= 0) return at;
    if (this.unapproved.some((e) => e.name === name))
      throw new Error(`MCP server ${name} is not approved; run "codebot mcp trust" to review it`);
    throw new Error(`Server not found: ${name}`);
  }

  /** Starts every approved server (once); says which project servers wait for approval. */
  start(): void {
    if (this.started) return;
    this.tellUnapproved(this.unapproved);
    this.started = Promise.all(this.connections.map((c) => c.start())).then(() => undefined);
  }

  /**
   * What the first prompt waits for: every server started or failed, at most the startup timeout.
   * Undefined when there is nothing to wait for (no server, or the first prompt has waited).
   */
  startupWait(): Promise<void> | undefined {
    if (!this.started || this.waited || this.connections.length === 0) return undefined;
    this.waited = true;
    return this.ready();
  }

  /** Resolves once every server started or failed, or when the startup timeout ran out. */
  async ready(): Promise<void> {
    if (!this.started) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, this.startupTimeoutMs);
    });
    await Promise.race([this.started, timeout]);
    clearTimeout(timer);
  }

  /** The session's folders changed (`/add-dir`): every connected server is told its roots changed. */
  rootsChanged(): void {
    for (const c of this.connections) c.rootsChanged();
  }

  /** The server of this name that the session started (whatever its state now). */
  connection(name: string): ServerConnection | undefined {
    return this.connections.find((c) => c.name === name);
  }

  /** The prompts of the connected servers that are switched on, each with its server (commandPrompts). */
  prompts(): { connection: ServerConnection; prompt: Prompt }[] {
    return this.connections
      .filter((c) => c.state === "connected" && !this.disabled.has(c.name))
      .flatMap((connection) => commandPrompts(connection).map((prompt) => ({ connection, prompt })));
  }

  status(): ServerStatus[] {
    const rows: ServerStatus[] = this.connections.map((c) => {
      const off = this.disabled.has(c.name);
      const tools = off ? [] : c.tools.filter((t) => this.offeredTools.has(t));
      const serverInfo = off ? undefined : c.serverInfo;
      return {
        name: c.name,
        state: off ? "disabled" : c.state,
        origin: c.entry.origin,
        file: c.entry.file,
        config: c.entry.config,
        tools: tools.map((t) => t.name),
        toolAnnotations: Object.fromEntries(tools.map((t) => [t.name, t.annotations])),
        ...(!off && commandPrompts(c).length > 0 ? { prompts: commandPrompts(c).map((p) => p.name) } : {}),
        ...(serverInfo !== undefined ? { serverInfo } : {}),
        ...(c.error && !off ? { error: c.error } : {}),
      };
    });
    for (const e of this.unapproved)
      rows.push({
        name: e.name,
        state: "not approved",
        origin: e.origin,
        file: e.file,
        config: e.config,
        tools: [],
        toolAnnotations: {},
      });
    return rows;
  }

  async close(): Promise<void> {
    await Promise.all(this.connections.map((c) => c.close()));
    this.syncTools();
  }

  /**
   * Replaces the MCP tools in the agent's list with those of the servers connected now, after the
   * resource tools when one of them has resources (claude offers them then, recorded).
   */
  private syncTools(): void {
    const tools = this.options.tools;
    for (let i = tools.length - 1; i >= 0; i--) if (isMcpToolName(tools[i]?.name ?? "")) tools.splice(i, 1);
    if (this.connections.some((c) => c.hasResources)) tools.push(...this.resourceTools);
    const offered = new Set<string>();
    for (const connection of this.connections) {
      if (connection.state !== "connected") continue;
      for (const info of connection.tools) {
        const tool = mcpTool(connection, info);
        if (tool.name.length > MAX_TOOL_NAME) {
          if (this.badNames.has(tool.name)) continue;
          this.badNames.add(tool.name);
          this.options.notify(
            `codebot: MCP tool ${tool.name} left out: a tool name may be at most ${MAX_TOOL_NAME} characters long; model APIs refuse longer ones`,
          );
          continue;
        }
        if (!this.toolNameOwners.claim(tool.name, connection.name, info.name, offered, this.options.notify))
          continue;
        offered.add(tool.name.toLowerCase());
        this.offeredTools.add(info);
        tools.push(tool);
      }
    }
  }
}

/**
 * Whether two entries of a server launch it the same way: the same settings as written (command,
 * args, env, cwd, url, headers, type; in any key order) and the same values for their `${VAR}`s
 * (a plugin's `CLAUDE_PLUGIN_ROOT`, which moves with a new version's folder).
 */
function sameLaunch(a: ServerEntry, b: ServerEntry): boolean {
  return canonical([a.config, a.vars]) === canonical([b.config, b.vars]);
}

/** A server's prompts that can be typed as slash commands: one whose name holds a space cannot. */
function commandPrompts(connection: ServerConnection): Prompt[] {
  return connection.prompts.filter((prompt) => isTypablePromptName(prompt.name));
}

/** A tool the MCP servers bring: theirs (`mcp__…`) and the resource tools. */
function isMcpToolName(name: string): boolean {
  return name.startsWith("mcp__") || RESOURCE_TOOL_NAMES.includes(name);
}
