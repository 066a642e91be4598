import path from "node:path";
import type { SettingsLayer } from "@codebot/hooks";

/** Claude Code compatibility (§11): on unless codebot's user settings say `"claudeCompat": false`. */
export function claudeCompatOf(layers: readonly SettingsLayer[], codebotHome: string): boolean {
  const file = path.join(codebotHome, "settings.json");
  const user = layers.find((layer) => layer.source === "user" && layer.path === file);
  return (user?.settings as { claudeCompat?: unknown } | undefined)?.claudeCompat !== false;
}
