/**
 * Collects the MCP servers a session may start, in this order (a later entry of the same name
 * replaces an earlier one): `~/.claude.json`'s `mcpServers` (Claude Code's user scope),
 * `mcpServers` of the settings layers in their order (user, project, local, `--settings`), each
 * enabled plugin's `.mcp.json` and its manifest's `mcpServers` (named `plugin:<plugin>:<server>`), the project's `.mcp.json`, `~/.claude.json`'s entry for the project
 * (Claude Code's local scope, which wins over `.mcp.json` in claude 2.1.328), then every
 * `--mcp-config`, and last the organisation's (managed-servers.ts). Each entry is validated on its own: a bad one is a problem and the others still
 * load. `${VAR}` / `${VAR:-default}` are expanded later, when it starts. Claude Code's choices
 * about `.mcp.json` servers (mcpjsonChoices) leave a refused one out and approve by name.
 */
import fs from "node:fs";
import path from "node:path";
import type { Problem, SettingsLayer } from "@codebot/hooks";
import { approvedRun } from "../settings/approved-files.js";
import type { PluginFolder } from "../settings/plugin-folder.js";
import { readLayer } from "../settings/read-layer.js";
import { readClaudeJsonServers } from "./claude-json-servers.js";
import { managedServers } from "./managed-servers.js";
import { type McpjsonChoices, mcpjsonChoices } from "./mcpjson-choices.js";
import { pluginManifestServers } from "./plugin-manifest-servers.js";
import { withoutDuplicatePluginServers } from "./plugin-server-duplicates.js";
import { withoutRefusedServers } from "./refused-servers.js";
import { SERVER_NAME, serverEntrySchema } from "./server-config.js";
import { mcpGrant } from "./server-consent.js";
import type { ServerEntry } from "./server-entry.js";
import { needsConsent, type ServerOrigin } from "./server-origin.js";
import { serverPolicy } from "./server-policy.js";
import { serverScripts } from "./server-scripts.js";
import { withoutToolNameCollisions } from "./tool-name-collisions.js";

export interface ServerEntriesOptions {
  cwd: string;
  layers: readonly SettingsLayer[];
  /** Every plugin folder that loaded, hooks file or not (ProjectSettings.plugins). */
  plugins: readonly PluginFolder[];
  /** Every `--mcp-config`: a file path, or inline JSON (starts with `{`). */
  mcpConfigs?: readonly string[];
  /** `--strict-mcp-config`: the `--mcp-config` servers only (settings, plugins and `.mcp.json` left out). */
  strict?: boolean;
  /** False under `--restricted`: the project's `.mcp.json` is not read. Default true. */
  projectMcpJson?: boolean;
  /** `~/.claude.json` (ProjectSettings.claudeJson): its user and local scope servers are yours. */
  claudeJson?: string;
  /** The organisation's managed-mcp.json files to look for (ProjectSettings.managedMcpFiles). */
  managedMcpFiles?: readonly string[];
  /** For `${VAR}` in commands and URLs matched against the server lists; default process.env. */
  env?: Readonly<Record<string, string | undefined>>;
}

/**
 * A server of the Agent SDK program (`initialize`'s `sdkMcpServers`): the program's own, so it
 * needs no approval; it is reached over the control protocol (LaunchContext.sdkTransport).
 */
export function sdkServerEntry(name: string): ServerEntry {
  return {
    name,
    config: { type: "sdk" },
    origin: "sdk",
    file: "(Agent SDK initialize)",
    needsConsent: false,
    approvalNeeded: false,
    grant: `mcp:${name}=sdk`,
    scripts: [],
    unchecked: [],
    unknownRole: [],
    vars: {},
  };
}

export function loadServerEntries(options: ServerEntriesOptions): {
  entries: ServerEntry[];
  problems: Problem[];
} {
  const byName = new Map<string, ServerEntry>();
  const problems: Problem[] = [];
  let choices: McpjsonChoices | undefined;
  // Read when a `.mcp.json` entry is met: a local settings file's approval asks git about it.
  const claudeChoices = () => {
    choices ??= mcpjsonChoices(options.strict ? [] : options.layers, claudeJson.project);
    return choices;
  };
  const addAll = (
    servers: unknown,
    origin: ServerOrigin,
    file: string,
    vars: Record<string, string> = {},
    plugin?: PluginFolder,
  ) => {
    if (servers === undefined) return;
    if (servers === null || typeof servers !== "object" || Array.isArray(servers)) {
      problems.push({
        severity: "warning",
        scope: "settings",
        file,
        field: "mcpServers",
        message: "mcpServers: expected an object of servers; ignored",
      });
      return;
    }
    for (const [written, raw] of Object.entries(servers)) {
      const field = `mcpServers.${written}`;
      if (!SERVER_NAME.test(written)) {
        problems.push({
          severity: "warning",
          scope: "settings",
          file,
          field,
          message: `${field}: a server name may hold only letters, digits, _ and - (at most 64); ignored`,
        });
        continue;
      }
      const parsed = serverEntrySchema.safeParse(raw);
      if (!parsed.success) {
        const why = parsed.error.issues
          .map((i) => `${[field, ...i.path].join(".")}: ${i.message}`)
          .join("; ");
        problems.push({ severity: "warning", scope: "settings", file, field, message: `${why}; ignored` });
        continue;
      }
      const name = plugin === undefined ? written : pluginServerName(plugin.name, written);
      // Claude Code's choices name `.mcp.json` servers only: a plugin's are neither refused nor
      // approved by them, as claude 2.1.328 (recorded); its folder trust covers those.
      if (origin === "mcp.json" && claudeChoices().refuses(name)) continue;
      const consent = needsConsent(origin);
      const config = parsed.data;
      /** What it runs of the project, now: read again before each later start (serverStart). */
      const runs = () => {
        const found = serverScripts(config, options.cwd, vars);
        // A plugin the repository switched on: what its server runs from the plugin's folder counts
        // too, wherever that is (a local marketplace's plugin runs from its folder, which can change).
        if (consent && plugin !== undefined)
          for (const file of serverScripts(config, plugin.root, vars).files)
            if (!found.files.includes(file)) found.files.push(file);
        // Your own server is held only for what it runs in a role codebot knows: a file it merely
        // names (`--root .`) is data, as for your own hooks; and for what it runs by a name worked
        // out as it runs, which codebot cannot name (`"$root/srv"` after `root=$(…)`).
        const ownRuns = found.files.filter((file) => !found.unknownRole.includes(file));
        return consent
          ? found
          : { files: ownRuns, unchecked: found.unnamedRuns, unknownRole: [], unnamedRuns: found.unnamedRuns };
      };
      const { files: scripts, unchecked, unknownRole, unnamedRuns } = runs();
      const replaced = consent ? byName.get(name) : undefined;
      const shadows = replaced?.needsConsent === false ? replaced : replaced?.shadows;
      byName.set(name, {
        name,
        config,
        origin,
        file,
        needsConsent: consent,
        approvalNeeded: consent
          ? !(origin === "mcp.json" && claudeChoices().approves(name))
          : scripts.length > 0 || unnamedRuns.length > 0,
        grant: mcpGrant(name, config, scripts, options.cwd),
        approved: approvedRun(`mcp:${name}`, scripts, () => runs().files),
        scripts,
        unchecked,
        unknownRole,
        vars,
        ...(shadows !== undefined ? { shadows } : {}),
      });
    }
  };
  const claudeJson =
    options.strict || options.claudeJson === undefined
      ? {}
      : readClaudeJsonServers(options.claudeJson, options.cwd, problems);
  if (options.claudeJson !== undefined) addAll(claudeJson.user, "claude-user", options.claudeJson);
  for (const layer of options.strict ? [] : options.layers) {
    if (layer.plugin !== undefined) continue;
    addAll((layer.settings as { mcpServers?: unknown } | null)?.mcpServers, layer.source, layer.path);
  }
  // The plugin folders themselves, not their hook layers: a plugin without a hooks file still
  // has its servers, named `plugin:<plugin>:<server>` (pluginServerName), so they sit beside your
  // own and other plugins' servers of the same name instead of replacing them. A plugin only the project switched on brings them with the repository, so
  // they take that origin (project or local) and need consent like the project's own.
  for (const plugin of options.strict ? [] : options.plugins) {
    const file = path.join(plugin.root, ".mcp.json");
    const vars = { CLAUDE_PLUGIN_ROOT: plugin.root, CLAUDE_PLUGIN_DATA: plugin.dataDir };
    addAll(readMcpJson(file, problems), plugin.source, file, vars, plugin);
    for (const declared of pluginManifestServers(plugin.root, problems))
      addAll(declared.servers, plugin.source, declared.file, vars, plugin);
  }
  const projectFile = path.join(options.cwd, ".mcp.json");
  if (!options.strict && options.projectMcpJson !== false)
    addAll(readMcpJson(projectFile, problems), "mcp.json", projectFile);
  if (options.claudeJson !== undefined) addAll(claudeJson.local, "claude-local", options.claudeJson);
  for (const given of options.mcpConfigs ?? []) {
    if (given.trimStart().startsWith("{")) {
      let value: unknown;
      try {
        value = JSON.parse(given);
      } catch (error) {
        problems.push({
          severity: "error",
          scope: "settings",
          file: "--mcp-config",
          message: `not valid JSON (${(error as Error).message}); ignored`,
        });
        continue;
      }
      addAll((value as { mcpServers?: unknown })?.mcpServers, "mcp-config", "<inline --mcp-config>");
      continue;
    }
    const file = path.resolve(given);
    if (!fs.existsSync(file)) {
      problems.push({
        severity: "error",
        scope: "settings",
        file,
        message: "--mcp-config: file not found; ignored",
      });
      continue;
    }
    addAll(readMcpJson(file, problems), "mcp-config", file);
  }
  // The organisation's servers come last: no entry of yours or a project's of the same name replaces them.
  const managed = managedServers(options.managedMcpFiles ?? [], options.layers, problems);
  for (const { file, servers } of managed.files) addAll(servers, "managed-mcp", file);
  for (const { file, servers } of managed.delivered) addAll(servers, "managed", file);
  // Every layer's lists, even under --strict-mcp-config: the organisation's and yours bind there too.
  const allowed = withoutRefusedServers(
    [...byName.values()],
    serverPolicy(options.layers, problems),
    managed.exclusive,
    options.env ?? process.env,
    problems,
  );
  return {
    entries: withoutToolNameCollisions(withoutDuplicatePluginServers(allowed), problems),
    problems,
  };
}

/**
 * A plugin's server as claude 2.1.328 names it (recorded: its init line's `mcp_servers`, `/mcp`):
 * `plugin:<plugin>:<server>`; its tools are `mcp__plugin_<plugin>_<server>__<tool>` (mcpToolName).
 */
export function pluginServerName(plugin: string, server: string): string {
  return `plugin:${plugin}:${server}`;
}

/**
 * What a session starts: a project entry that is not approved gives way to your own entry of the
 * same name it replaced (ServerEntry.shadows), as in claude 2.1.328.
 */
export function ownInPlaceOfUnapproved(
  entries: readonly ServerEntry[],
  isApproved: (entry: ServerEntry) => boolean,
): ServerEntry[] {
  return entries.map((entry) =>
    !isApproved(entry) && entry.shadows !== undefined && isApproved(entry.shadows) ? entry.shadows : entry,
  );
}

/** The `mcpServers` of a `.mcp.json`-shaped file; absent file: undefined. */
function readMcpJson(file: string, problems: Problem[]): unknown {
  const read = readLayer("project", file, false);
  if (read.kind === "absent") return undefined;
  if (read.kind === "problem") {
    problems.push({
      ...read.problem,
      message: read.problem.message.replace("(layer skipped)", "(no MCP servers read from it)"),
    });
    return undefined;
  }
  const servers = (read.layer.settings as { mcpServers?: unknown }).mcpServers;
  if (servers === undefined) {
    problems.push({
      severity: "warning",
      scope: "settings",
      file,
      message: 'expected {"mcpServers": {...}}; no MCP servers read from it',
    });
  }
  return servers;
}
