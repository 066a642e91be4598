import path from "node:path";
import type { SettingsLayer } from "@codebot/hooks";
import { resolveClaudeHome } from "../paths/claude-home.js";

/** Claude Code compatibility (§11): on unless codebot's user settings say `"claudeCompat": false`. */
export function claudeCompatOf(layers: readonly SettingsLayer[], codebotHome: string): boolean {
  const file = path.join(codebotHome, "settings.json");
  const user = layers.find((layer) => layer.source === "user" && layer.path === file);
  return (user?.settings as { claudeCompat?: unknown } | undefined)?.claudeCompat !== false;
}

/**
 * A layer of Claude Code's own files (§11): `~/.claude/settings.json` (or the one in
 * `$CLAUDE_CONFIG_DIR`, whatever its folder's name), a project's
 * `.claude/settings*.json`, and its managed `claude-code/managed-settings.json` and
 * `managed-settings.d/*.json`. Claude Code's keys codebot does not know are skipped silently there.
 */
export function isClaudeCodeLayer(layer: Pick<SettingsLayer, "source" | "path">): boolean {
  const dir = path.dirname(layer.path);
  const folder = path.basename(dir);
  if (layer.source !== "managed")
    return folder === ".claude" || (layer.source === "user" && dir === resolveClaudeHome());
  return (folder === "managed-settings.d" ? path.basename(path.dirname(dir)) : folder) === "claude-code";
}
