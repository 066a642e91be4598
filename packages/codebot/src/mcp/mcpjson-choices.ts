/**
 * Claude Code's choices about a project's `.mcp.json` servers, read as claude 2.1.328 reads them
 * (recorded with `claude mcp list`): a name in `disabledMcpjsonServers` of any settings file is
 * refused (the server does not load); `enabledMcpjsonServers` (names) and
 * `enableAllProjectMcpServers: true` approve. `~/.claude.json`'s entry for the project may hold the
 * same three (older claude wrote them there; 2.1.328 moves them to `.claude/settings.local.json`).
 *
 * A repository must not approve its own servers, so an approval counts only from your files: your
 * settings, `--settings`, the managed policy, `~/.claude.json`, and a `settings.local.json` the
 * project's own git repository does not track (Claude Code's dialog writes it; one a repository
 * ships is tracked). claude also
 * reads the project's `.claude/settings.json` once you trusted the folder; codebot never does.
 * Refusing is safe from anywhere.
 */
import fs from "node:fs";
import path from "node:path";
import type { SettingsLayer } from "@codebot/hooks";
import { readOnlyGit } from "../approval/project-identity.js";

export interface McpjsonChoices {
  refuses(name: string): boolean;
  approves(name: string): boolean;
}

/** `claudeJsonProject`: `~/.claude.json`'s `projects["<project>"]` entry (ClaudeJsonServers.project). */
export function mcpjsonChoices(
  layers: readonly SettingsLayer[],
  claudeJsonProject: unknown,
  untracked: (file: string) => boolean = untrackedByGit,
): McpjsonChoices {
  const refused = new Set<string>();
  const approved = new Set<string>();
  let all = false;
  const read = (settings: unknown, mayApprove: () => boolean) => {
    if (settings === null || typeof settings !== "object") return;
    const s = settings as Record<string, unknown>;
    for (const name of names(s.disabledMcpjsonServers)) refused.add(name);
    const approving = names(s.enabledMcpjsonServers);
    if ((approving.length === 0 && s.enableAllProjectMcpServers !== true) || !mayApprove()) return;
    for (const name of approving) approved.add(name);
    if (s.enableAllProjectMcpServers === true) all = true;
  };
  for (const layer of layers) {
    if (layer.plugin !== undefined) continue;
    read(layer.settings, () => {
      if (layer.source === "project") return false;
      if (layer.source === "local") return untracked(layer.path);
      return true;
    });
  }
  read(claudeJsonProject, () => true);
  return {
    refuses: (name) => refused.has(name),
    approves: (name) => !refused.has(name) && (all || approved.has(name)),
  };
}

/** A list of names, or one name (claude reads a lone string as a list of it). */
function names(value: unknown): string[] {
  if (typeof value === "string") return [value];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

/**
 * Not tracked (exit 1 of --error-unmatch) by the project's own repository, the one whose top is the
 * folder holding `.claude/`. A project folder unpacked inside another work tree (a home folder kept
 * in git, a checkout) has every file untracked there, the repository's settings.local.json too, so
 * that repository's answer says nothing. No repository, no git, another top: false. A file reached
 * through a symlink (`.claude` or the file itself): false too — git tracks the link, not what is
 * behind it, so a repository shipping `.claude -> shipped/` has its own `shipped/settings.local.json`
 * read while git says `.claude/settings.local.json` matches nothing, as it says for an untracked file.
 * A `.claude` that is a repository of its own (a submodule): false.
 */
function untrackedByGit(file: string): boolean {
  // Asked from the project folder: its own `.git` is found there before anything under `.claude/`.
  const project = path.dirname(path.dirname(file));
  const relative = path.relative(project, file);
  if (!reachedDirectly(project, relative)) return false;
  const top = readOnlyGit(project, ["rev-parse", "--show-prefix"]);
  if (top.status !== 0 || top.out !== "") return false;
  // The file's own folder belongs to that repository too: a submodule there (`.claude` shipped as
  // one, cloned --recursive) holds the file, and the project's repository, tracking only the
  // gitlink, says it matches nothing, as it says for an untracked file.
  const folder = readOnlyGit(path.dirname(file), ["rev-parse", "--show-prefix"]);
  if (folder.status !== 0 || folder.out !== `${path.dirname(relative)}/`) return false;
  return readOnlyGit(project, ["ls-files", "--error-unmatch", "--", relative]).status === 1;
}

/** `relative` in `project` is the file itself, no symlink on the way from the project folder. */
function reachedDirectly(project: string, relative: string): boolean {
  try {
    return fs.realpathSync(path.join(project, relative)) === path.join(fs.realpathSync(project), relative);
  } catch {
    return false;
  }
}
