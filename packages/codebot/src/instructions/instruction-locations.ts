import fs from "node:fs";
import path from "node:path";
import type { InstructionScope } from "./instruction-file.js";

export interface InstructionWhere {
  /** The working directory. */
  cwd: string;
  /** `$CODEBOT_HOME`, resolved. */
  codebotHome: string;
  /** Claude Code's folder (`~/.claude`), resolved. */
  claudeHome: string;
  /** Claude Code compatibility (settings `claudeCompat`, default on): read CLAUDE.md and friends. */
  claudeCompat: boolean;
  /** The user's home folder (what `~` means in an import; see projectRoot). */
  homeDir: string;
}

/**
 * The instruction files to look for, lowest precedence first: the user's (Claude Code's
 * `~/.claude/CLAUDE.md`, then `$CODEBOT_HOME`'s AGENTS.md and CODEBOT.md), then for each folder
 * from the git root down to the working directory its AGENTS.md, CODEBOT.md, CLAUDE.md,
 * .claude/CLAUDE.md and (personal, not committed) CLAUDE.local.md — a folder nearer the working
 * directory is more specific, so it comes later.
 */
export function instructionLocations(where: InstructionWhere): { file: string; scope: InstructionScope }[] {
  const out: { file: string; scope: InstructionScope }[] = [];
  if (where.claudeCompat) out.push({ file: path.join(where.claudeHome, "CLAUDE.md"), scope: "user" });
  out.push({ file: path.join(where.codebotHome, "AGENTS.md"), scope: "user" });
  out.push({ file: path.join(where.codebotHome, "CODEBOT.md"), scope: "user" });
  for (const dir of foldersFromRoot(path.resolve(where.cwd), where.homeDir))
    out.push(...folderLocations(dir, where.claudeCompat));
  return out;
}

/** One folder's instruction files, in precedence order. */
export function folderLocations(
  dir: string,
  claudeCompat: boolean,
): { file: string; scope: InstructionScope }[] {
  const out: { file: string; scope: InstructionScope }[] = [
    { file: path.join(dir, "AGENTS.md"), scope: "project" },
    { file: path.join(dir, "CODEBOT.md"), scope: "project" },
  ];
  if (!claudeCompat) return out;
  out.push({ file: path.join(dir, "CLAUDE.md"), scope: "project" });
  out.push({ file: path.join(dir, ".claude", "CLAUDE.md"), scope: "project" });
  out.push({ file: path.join(dir, "CLAUDE.local.md"), scope: "local" });
  return out;
}

/**
 * The project root: the git root (the nearest folder up with a `.git` entry), else `cwd`. A
 * repository at the home folder (dotfiles kept in git) or above it is not the project of a folder
 * below home: a downloaded folder with no `.git` of its own would otherwise have all of home as its
 * project, and its CLAUDE.md could import `~/.ssh/id_rsa`.
 */
export function projectRoot(cwd: string, homeDir: string): string {
  return foldersFromRoot(path.resolve(cwd), homeDir)[0] ?? cwd;
}

/** The project root (see projectRoot) down to `cwd`. */
function foldersFromRoot(cwd: string, homeDir: string): string[] {
  const home = path.resolve(homeDir);
  const chain: string[] = [];
  for (let dir = cwd; ; dir = path.dirname(dir)) {
    chain.unshift(dir);
    if (dir === home && dir !== cwd) return [cwd];
    if (fs.existsSync(path.join(dir, ".git"))) return chain;
    if (path.dirname(dir) === dir) return [cwd];
  }
}
