/**
 * Two servers whose names differ only in characters a tool name holds as `_` (a server of yours
 * named `plugin_guard_tools` and plugin guard's server `tools`, or plugins `a.b` and `a_b`) would
 * give the same tool names (mcpToolName): a hook, permission rule or `--allowedTools` written for
 * one would reach the other's tools, and a call could go to the wrong server. Names differing only
 * in case (`github`, a project's `GitHub`) count too: a permission rule ignores case, so your
 * `mcp__github` allow rule would let the other's tools run unasked. Only one of them is
 * kept: your own over one of the project's files (which needs approval), else the first read.
 * claude 2.1.328 (recorded: your `~/.claude.json` server `plugin_guard_tools` beside plugin guard's
 * `tools`) starts both, offers each tool name once and calls yours, silently; here the other is
 * not started and a notice says why. The servers an Agent SDK program sets are held to the same rule
 * (McpServers.setProgramServers): theirs is the one left out, its error saying why.
 */
import type { Problem } from "@codebot/hooks";
import { toolNameServerPart } from "./mcp-tool.js";
import type { ServerEntry } from "./server-entry.js";

export function withoutToolNameCollisions(
  entries: readonly ServerEntry[],
  problems: Problem[],
): ServerEntry[] {
  const kept = new Map<string, ServerEntry>();
  for (const entry of entries) {
    const key = toolNameKey(entry.name);
    const other = kept.get(key);
    if (other === undefined) {
      kept.set(key, entry);
      continue;
    }
    const [keep, drop] = other.needsConsent && !entry.needsConsent ? [entry, other] : [other, entry];
    kept.set(key, keep);
    problems.push({
      severity: "warning",
      scope: "settings",
      file: drop.file,
      message: `MCP server "${drop.name}" left out: ${sharesToolNamesWith(drop, keep)}`,
    });
  }
  const survivors = new Set(kept.values());
  return entries.filter((entry) => survivors.has(entry));
}

/**
 * What two servers' tools share when their keys are equal: the tool names, or — names differing
 * only in case — the permission rules (permission-rule.ts ignores case: `GitHub` and `github`).
 */
export function toolNameKey(server: string): string {
  return toolNameServerPart(server).toLowerCase();
}

/** Why `drop` is left out beside `keep`, whose tools would have the same names as its (toolNameKey). */
export function sharesToolNamesWith(drop: ServerEntry, keep: ServerEntry): string {
  const part = toolNameServerPart(drop.name);
  const alike =
    part === toolNameServerPart(keep.name) ? "like" : "as permission rules, which ignore case, read";
  return `its tools would be named mcp__${part}__… ${alike} those of server "${keep.name}" (${keep.file}); rename one of them`;
}
