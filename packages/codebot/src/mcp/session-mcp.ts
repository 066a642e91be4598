/**
 * The MCP part of a session, assembled from the project's settings: which servers, which of
 * them are approved, how they are launched. One function, so createRuntime only calls it.
 */
import type { Tool } from "@codebot/agentcore";
import { createGuardedFetch } from "@codebot/hooks";
import type { FetchLike, Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { ProjectSettings } from "../session/project-settings.js";
import { withoutChangedLoads } from "../settings/approved-files.js";
import { millisecondsVariable } from "../settings/milliseconds-variable.js";
import type { PluginFolder } from "../settings/plugin-folder.js";
import { problemNotice } from "../settings/problem-notice.js";
import type { Customizations } from "../settings/session-modes.js";
import { type ElicitationHooks, elicitationHandler } from "./elicitation.js";
import type { McpServers } from "./mcp-servers.js";
import {
  loadServerEntries,
  ownInPlaceOfUnapproved,
  pluginServerName,
  sdkServerEntry,
} from "./server-entries.js";
import type { ServerEntry } from "./server-entry.js";
import { withoutToolNameCollisions } from "./tool-name-collisions.js";

export interface SessionMcpOptions {
  cwd: string;
  /** The session's folders, the servers' MCP roots (LaunchContext.folders). */
  folders?(): readonly string[];
  project: ProjectSettings;
  env: Readonly<Record<string, string | undefined>>;
  tools: Tool[];
  mcpConfigs?: readonly string[];
  /** `--strict-mcp-config`: only the `--mcp-config` servers. */
  strictMcpConfig?: boolean;
  /** What `--safe-mode` (no server) and `--restricted` (no `.mcp.json`) leave on; absent: everything. */
  customizations?: Pick<Customizations, "mcpServers" | "projectMcpJson">;
  /** `--trust-project-hooks`: project servers run for this run without approval. */
  trustProjectHooks?: boolean;
  notify(message: string): void;
  /** The Elicitation and ElicitationResult hooks; absent: every request for input is declined. */
  elicitationHooks?: ElicitationHooks;
  /** The Agent SDK program's in-process servers (`sdkMcpServers`): they replace a configured one of the same name. */
  sdkServers?: readonly string[];
  /** The transport to one of them (LaunchContext.sdkTransport). */
  sdkTransport?(server: string): Transport;
  /** Where a resource's binary content read by the model is saved (McpServersOptions.resultsDir). */
  resultsDir(): string;
  /** Which resource tools may be offered (McpServersOptions.resourceTools); default both. */
  resourceTools?: readonly string[];
}

export interface SessionMcp {
  /** Absent while no server is configured (a reload bringing a plugin's servers sets it up). */
  readonly servers: McpServers | undefined;
  /**
   * A plugin reload (the Agent SDK's `reload_plugins`, `/reload-plugins`): the servers of the
   * plugins now loaded that the session does not have yet start, as claude 2.1.328 starts an added
   * plugin's (recorded), under the rules of McpServers.addServers — in a session that had none
   * too; one whose entry changed (command, arguments, …) is restarted, the unchanged ones keep
   * their process; those of a plugin no longer loaded (disabled, uninstalled) stop.
   * claude 2.1.328 (recorded) keeps those running and offers their tools still, though it drops
   * the plugin's commands: here nothing of a plugin you turned off keeps running. A server whose
   * settings changed in the plugin's `.mcp.json` starts anew with them (addServers), as claude
   * 2.1.328's interactive `/reload-plugins` does (recorded); its `reload_plugins` keeps the old one
   * running until the session ends (recorded).
   */
  syncPluginServers(plugins: readonly PluginFolder[]): Promise<void>;
  close(): Promise<void>;
}

/**
 * The MCP client (the SDK and its schemas, ≈ 15 ms and 13 MiB at start-up) is loaded only when
 * some server is configured: most sessions have none.
 */
export async function sessionMcp(options: SessionMcpOptions): Promise<SessionMcp> {
  const { project } = options;
  if (options.customizations?.mcpServers === false)
    return { servers: undefined, syncPluginServers: async () => {}, close: async () => {} };
  const load = (plugins: readonly PluginFolder[]) =>
    loadServerEntries({
      cwd: options.cwd,
      layers: project.layers,
      ...(project.claudeJson !== undefined ? { claudeJson: project.claudeJson } : {}),
      ...(project.managedMcpFiles !== undefined ? { managedMcpFiles: project.managedMcpFiles } : {}),
      plugins,
      ...(options.mcpConfigs ? { mcpConfigs: options.mcpConfigs } : {}),
      ...(options.strictMcpConfig ? { strict: true } : {}),
      ...(options.customizations?.projectMcpJson === false ? { projectMcpJson: false } : {}),
    });
  const { entries, problems } = load(project.plugins);
  /** The servers of the plugins loaded now, by name: those a reload no longer finds stop. */
  let pluginServers = new Set(ofPlugins(entries, project.plugins).map((e) => e.name));
  for (const name of options.sdkServers ?? []) {
    const at = entries.findIndex((entry) => entry.name === name);
    entries.splice(at >= 0 ? at : entries.length, at >= 0 ? 1 : 0, sdkServerEntry(name));
  }
  // The program's in-process servers are held to the same rule as the configured ones.
  const kept = withoutToolNameCollisions(entries, problems);
  for (const problem of problems) options.notify(problemNotice(problem));
  // An Agent SDK session (it has the control protocol) may add servers later (mcp_set_servers).
  let part = kept.length === 0 && !options.sdkTransport ? undefined : await mcpServers(options, kept);
  return {
    get servers() {
      return part?.servers;
    },
    async syncPluginServers(plugins) {
      // Read as at the start (a plugin's duplicate of your server left out the same way).
      const now = ofPlugins(load(plugins).entries, plugins);
      const next = new Set(now.map((e) => e.name));
      const leaving = [...pluginServers].filter((name) => !next.has(name));
      pluginServers = next;
      if (part === undefined) {
        if (now.length === 0) return;
        // The session had no server: the MCP part is set up now, as it would have been at the start.
        part = await mcpServers(options, []);
        part.servers.start();
      }
      await part.servers.removeServers(leaving);
      // One whose entry changed is restarted there, one unchanged keeps its process (sameLaunch).
      await part.servers.addServers(now);
    },
    async close() {
      await part?.servers.close();
      await part?.closeGuard();
    },
  };
}

/** The session's McpServers with these entries, and how to close its guarded fetch. */
async function mcpServers(
  options: SessionMcpOptions,
  kept: readonly ServerEntry[],
): Promise<{ servers: McpServers; closeGuard: () => Promise<void> }> {
  const { project } = options;
  const { McpServers } = await import("./mcp-servers.js");
  const guarded = createGuardedFetch({ allowList: project.httpAllowList.hosts });
  const isApproved = (entry: ServerEntry) =>
    !entry.approvalNeeded || options.trustProjectHooks === true || project.isGrantTrusted(entry.grant);
  const servers = new McpServers({
    entries: ownInPlaceOfUnapproved(kept, isApproved),
    isApproved,
    launch: {
      cwd: options.cwd,
      ...(options.folders ? { folders: options.folders } : {}),
      env: options.env,
      // A project's approved value whose loaded file changed since (`NODE_OPTIONS`' --require the
      // model rewrote) is left out of a server started or restarted then, as out of a hook.
      settingsEnv: () => withoutChangedLoads(project.settings.env, project.settings.envFiles),
      guardedFetch: guarded.fetch as FetchLike,
      ...(options.sdkTransport ? { sdkTransport: options.sdkTransport } : {}),
    },
    ...(project.settings.mcpStartupTimeout !== undefined
      ? { startupTimeoutMs: project.settings.mcpStartupTimeout }
      : {}),
    ...callTimeout(project.settings.env?.MCP_TOOL_TIMEOUT ?? options.env.MCP_TOOL_TIMEOUT, options.notify),
    tools: options.tools,
    notify: options.notify,
    resultsDir: options.resultsDir,
    ...(options.resourceTools ? { resourceTools: options.resourceTools } : {}),
    elicit: elicitationHandler({
      notify: options.notify,
      ...(options.elicitationHooks ? { hooks: options.elicitationHooks } : {}),
    }),
  });
  return { servers, closeGuard: () => guarded.close() };
}

/** Of these entries, the servers of these plugins (named `plugin:<plugin>:<server>`). */
function ofPlugins(entries: readonly ServerEntry[], plugins: readonly PluginFolder[]): ServerEntry[] {
  const prefixes = plugins.map((plugin) => pluginServerName(plugin.name, ""));
  return entries.filter((e) => prefixes.some((prefix) => e.name.startsWith(prefix)));
}

/** MCP_TOOL_TIMEOUT (milliseconds, as in Claude Code): how long a tool call waits. */
function callTimeout(
  value: string | undefined,
  notify: (message: string) => void,
): { callTimeoutMs?: number } {
  const ms = millisecondsVariable("MCP_TOOL_TIMEOUT", value, 1, notify);
  return ms === undefined ? {} : { callTimeoutMs: ms };
}
