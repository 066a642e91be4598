/**
 * Finds the custom sub-agents of a session: the project's (`.codebot/agents/`, and with Claude
 * Code compatibility `.claude/agents/`), the user's (`$CODEBOT_HOME/agents/`, `~/.claude/agents/`)
 * and the plugins' (`<plugin>/agents/`, named `<plugin>:<name>`), after those of `--agents`. On a
 * name clash the first wins, in that order (Claude Code's: `--agents` over project over user over
 * plugin); the shadowed file is reported.
 */
import path from "node:path";
import type { Problem } from "@codebot/hooks";
import { insideProject } from "../paths/inside-project.js";
import { markdownFilesBelow } from "../paths/markdown-files.js";
import { readSettingsText } from "../settings/read-settings-text.js";
import { type AgentDefinition, type AgentOrigin, type PluginOf, parseAgentFile } from "./agent-definition.js";

export interface AgentLocations {
  cwd: string;
  codebotHome: string;
  claudeHome: string;
  /** Claude Code compatibility (codebot's user settings `claudeCompat`, default on): `.claude/agents`, `~/.claude/agents`. */
  claudeCompat: boolean;
  /** False under `--safe-mode` and `--restricted`: the user's and the project's folders are not read. Default true. */
  ownFolders?: boolean;
  /** Every plugin folder the settings loaded (with hooks or not): their `agents/` are read. */
  plugins?: readonly PluginOf[];
  /** `--agents`: they come first, so they win a name clash (Claude Code's order). */
  cliAgents?: readonly AgentDefinition[];
}

export interface LoadedAgents {
  agents: AgentDefinition[];
  problems: Problem[];
}

/** At most this many files per folder tree: a hostile repository cannot make start-up crawl. */
const MAX_FILES = 200;

export async function loadAgents(where: AgentLocations): Promise<LoadedAgents> {
  const folders: { dir: string; origin: AgentOrigin; plugin?: PluginOf }[] = [];
  if (where.ownFolders !== false) {
    folders.push({ dir: path.join(where.cwd, ".codebot", "agents"), origin: "project" });
    if (where.claudeCompat)
      folders.push({ dir: path.join(where.cwd, ".claude", "agents"), origin: "project" });
    folders.push({ dir: path.join(where.codebotHome, "agents"), origin: "user" });
    if (where.claudeCompat) folders.push({ dir: path.join(where.claudeHome, "agents"), origin: "user" });
  }
  for (const plugin of where.plugins ?? [])
    folders.push({ dir: path.join(plugin.root, "agents"), origin: "plugin", plugin });

  const agents: AgentDefinition[] = [...(where.cliAgents ?? [])];
  const problems: Problem[] = [];
  for (const folder of folders) {
    for (const file of markdownFilesBelow(folder.dir, MAX_FILES)) {
      // A plugin's file too: its agents are read from its folder, not from where a link leads.
      const confinedTo =
        folder.origin === "project"
          ? { root: where.cwd, what: "the project" }
          : folder.plugin !== undefined
            ? { root: folder.plugin.root, what: `the plugin ${folder.plugin.name}'s folder` }
            : undefined;
      if (confinedTo !== undefined && !insideProject(file, confinedTo.root)) {
        problems.push({
          severity: "warning",
          scope: "settings",
          file,
          message: `agent: links outside ${confinedTo.what}; not loaded`,
        });
        continue;
      }
      const read = readSettingsText(file);
      if (read.kind === "error")
        problems.push({ severity: "error", scope: "settings", file, message: `agent: ${read.message}` });
      if (read.kind !== "text") continue;
      const agent = await parseAgentFile(file, read.text, folder.origin, problems, folder.plugin);
      if (agent === undefined) continue;
      const earlier = agents.find((a) => a.name === agent.name);
      if (earlier) {
        problems.push({
          severity: "warning",
          scope: "settings",
          file,
          message: `agent: ${agent.name} is also defined in ${earlier.file}, which wins; this one is not used`,
        });
        continue;
      }
      agents.push(agent);
    }
  }
  return { agents, problems };
}
