/**
 * The MCP servers a plugin's `.claude-plugin/plugin.json` declares in `mcpServers`, read as claude
 * 2.1.328 reads them (recorded with a plugin installed from a local marketplace): the servers
 * inline (an object), or a path or list of paths of JSON files, each `{"mcpServers": {...}}` or
 * the servers themselves. They come besides the plugin's `.mcp.json`, and one of the same name
 * replaces its server there (recorded). Paths are relative to the plugin folder
 * (`${CLAUDE_PLUGIN_ROOT}/` may start them) and must stay inside it.
 */
import fs from "node:fs";
import path from "node:path";
import type { Problem } from "@codebot/hooks";
import { readLayer } from "../settings/read-layer.js";

/** One place the manifest's servers come from: the manifest itself (inline) or a file it names. */
export interface ManifestServers {
  file: string;
  servers: unknown;
}

export function pluginManifestServers(root: string, problems: Problem[]): ManifestServers[] {
  const manifest = path.join(root, ".claude-plugin", "plugin.json");
  let declared: unknown;
  try {
    declared = (JSON.parse(fs.readFileSync(manifest, "utf8")) as { mcpServers?: unknown } | null)?.mcpServers;
  } catch {
    // A manifest that does not parse is said where the plugin is loaded (load-plugins.ts).
    return [];
  }
  if (declared === undefined) return [];
  if (typeof declared === "object" && declared !== null && !Array.isArray(declared))
    return [{ file: manifest, servers: declared }];
  const warn = (message: string) =>
    problems.push({ severity: "warning", scope: "settings", file: manifest, field: "mcpServers", message });
  const found: ManifestServers[] = [];
  for (const entry of Array.isArray(declared) ? declared : [declared]) {
    if (typeof entry !== "string") {
      warn(`mcpServers: entry ${JSON.stringify(entry)} is not a path nor an object of servers; ignored`);
      continue;
    }
    const file = path.resolve(root, entry.replace(/^\$\{CLAUDE_PLUGIN_ROOT\}\/?/, ""));
    if (!file.startsWith(root + path.sep)) {
      warn(`mcpServers: ${entry} is outside the plugin; ignored`);
      continue;
    }
    const read = readLayer("project", file, true);
    if (read.kind === "problem") {
      problems.push({
        ...read.problem,
        message: read.problem.message.replace("(layer skipped)", "(no MCP servers read from it)"),
      });
      continue;
    }
    if (read.kind !== "layer") continue;
    const value = read.layer.settings as { mcpServers?: unknown };
    found.push({ file, servers: value.mcpServers ?? value });
  }
  return found;
}
