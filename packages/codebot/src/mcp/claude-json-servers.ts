/**
 * The MCP servers `claude mcp add` wrote to `~/.claude.json` (recorded with claude 2.1.328):
 * `mcpServers` for `-s user`, `projects["<project>"].mcpServers` for the default local scope,
 * the key being the project root's real path: the git root when in a repository (claude added and
 * found a subfolder's servers under the root), else the folder. Read only: the file is Claude Code's.
 */
import fs from "node:fs";
import os from "node:os";
import type { Problem } from "@codebot/hooks";
import { projectRoot } from "../instructions/instruction-locations.js";
import { readLayer } from "../settings/read-layer.js";

export interface ClaudeJsonServers {
  /** `mcpServers`: yours in every project. */
  user?: unknown;
  /** `projects[project].mcpServers`: yours in this project. */
  local?: unknown;
  /** `projects[project]` itself: its `.mcp.json` choices (mcpjsonChoices). */
  project?: unknown;
}

/** The two server objects of `file` for the `project` directory; absent file: none. */
export function readClaudeJsonServers(file: string, project: string, problems: Problem[]): ClaudeJsonServers {
  const read = readLayer("user", file, false);
  if (read.kind === "absent") return {};
  if (read.kind === "problem") {
    problems.push({
      ...read.problem,
      severity: "warning",
      message: read.problem.message.replace("(layer skipped)", "(no MCP servers read from it)"),
    });
    return {};
  }
  const state = read.layer.settings as { mcpServers?: unknown; projects?: unknown };
  const projects = state.projects;
  const key = realPath(projectRoot(project, os.homedir()));
  const entry =
    projects !== null && typeof projects === "object" && Object.hasOwn(projects, key)
      ? (projects as Record<string, unknown>)[key]
      : undefined;
  const local =
    entry !== null && typeof entry === "object" ? (entry as { mcpServers?: unknown }).mcpServers : undefined;
  return {
    ...(state.mcpServers !== undefined ? { user: state.mcpServers } : {}),
    ...(local !== undefined ? { local } : {}),
    ...(entry !== undefined ? { project: entry } : {}),
  };
}

/** Symlinks resolved, as claude writes the key (a link to the folder found its servers). */
function realPath(dir: string): string {
  try {
    return fs.realpathSync(dir);
  } catch {
    return dir;
  }
}
