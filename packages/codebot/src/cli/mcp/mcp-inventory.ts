/**
 * The MCP servers a session of this project would start, with where each came from and whether
 * it may run: the user's own, approved, needing approval, or changed since it was approved.
 * Read with the same loader the session uses.
 */

import type { Problem } from "@codebot/hooks";
import type { TrustStore } from "../../approval/trust-store.js";
import { loadServerEntries } from "../../mcp/server-entries.js";
import type { ServerEntry } from "../../mcp/server-entry.js";
import { type HookInventory, loadInventory } from "../hooks/hook-inventory.js";
import type { ProjectFlags } from "../project-flags.js";

export type ServerTrust = "own" | "approved" | "needs approval" | "changed since approval";

export interface InventoryServer {
  entry: ServerEntry;
  trust: ServerTrust;
}

export interface McpInventory {
  inventory: HookInventory;
  servers: InventoryServer[];
  problems: Problem[];
}

export function loadMcpInventory(flags: ProjectFlags, mcpConfigs: readonly string[] = []): McpInventory {
  const inventory = loadInventory(flags);
  const { entries, problems } = loadServerEntries({
    cwd: inventory.cwd,
    layers: inventory.project.layers,
    ...(inventory.project.claudeJson !== undefined ? { claudeJson: inventory.project.claudeJson } : {}),
    ...(inventory.project.managedMcpFiles !== undefined
      ? { managedMcpFiles: inventory.project.managedMcpFiles }
      : {}),
    plugins: inventory.project.plugins,
    mcpConfigs,
  });
  const store = inventory.project.trustStore;
  // A project server not approved yet leaves your own of its name running: both are listed.
  const servers = entries.flatMap((entry) => {
    const row = { entry, trust: trustOf(entry, store) };
    const own = entry.shadows;
    return own !== undefined && row.trust !== "approved"
      ? [{ entry: own, trust: trustOf(own, store) }, row]
      : [row];
  });
  return { inventory, servers, problems };
}

function trustOf(entry: ServerEntry, store: TrustStore): ServerTrust {
  // A `.mcp.json` server Claude Code's settings approve (mcpjsonChoices) counts as approved.
  if (!entry.approvalNeeded) return entry.needsConsent ? "approved" : "own";
  if (store.isGrantTrusted(entry.grant)) return "approved";
  const prefix = `mcp:${entry.name}=`;
  return store.snapshot().grants.some((g) => g.startsWith(prefix))
    ? "changed since approval"
    : "needs approval";
}
