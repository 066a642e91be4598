/**
 * The custom sub-agents of a session, found where the session's settings say: Claude Code's
 * folders unless codebot's user settings turn `claudeCompat` off, and the agents of the plugins
 * the settings loaded.
 */
import path from "node:path";
import type { SettingsLayer } from "@codebot/hooks";
import { type LoadedAgents, loadAgents } from "./load-agents.js";

export interface SessionAgentsWhere {
  cwd: string;
  codebotHome: string;
  claudeHome: string;
  layers: readonly SettingsLayer[];
}

export function sessionAgents(where: SessionAgentsWhere): LoadedAgents {
  const userSettings = path.join(where.codebotHome, "settings.json");
  const user = where.layers.find((layer) => layer.source === "user" && layer.path === userSettings);
  const claudeCompat = (user?.settings as { claudeCompat?: unknown } | undefined)?.claudeCompat !== false;
  const plugins = where.layers.flatMap((layer) =>
    layer.plugin ? [{ name: layer.plugin.name, root: layer.plugin.root }] : [],
  );
  return loadAgents({
    cwd: where.cwd,
    codebotHome: where.codebotHome,
    claudeHome: where.claudeHome,
    claudeCompat,
    plugins,
  });
}
