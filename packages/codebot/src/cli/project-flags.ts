import path from "node:path";
import type { Command } from "commander";
import { isInlineSettings } from "../settings/inline-settings.js";
import { SETTING_SOURCE_NAMES, type SettingSourceName } from "../settings/load-settings.js";
import { anyMode, isSwitchOn, type SessionModes } from "../settings/session-modes.js";
import { CliError } from "./cli-error.js";

/** Where a command works: the project directory, the `--settings` files and `--plugin-dir` folders, in order. */
export interface ProjectFlags {
  cwd: string;
  /** Each `--settings` value: an absolute file path, or inline JSON as given. */
  settingsFiles: string[];
  /** Claude Code plugin folders (absolute). */
  pluginDirs: string[];
  /** `--setting-sources`: the user, project and local layers to read (absent: all). */
  settingSources?: SettingSourceName[];
  /** `--bare`, `--safe-mode`, `--restricted` (Claude Code's; session-modes.ts), when any is on. */
  modes?: SessionModes;
  /** What turned safe mode on (the banner says how to leave it): the flag wins over the variable. */
  safeModeBy?: "--safe-mode" | "CLAUDE_CODE_SAFE_MODE";
  /** `--worktree`: the repository the worktree (`cwd`) was made from; its approvals count (trust store). */
  trustDir?: string;
}

/** Adds `--settings <file-or-json>`, `--plugin-dir <dir>` (both repeatable) and `--cwd <dir>` to a command. */
export function withProjectOptions(command: Command): Command {
  return command
    .option(
      "--settings <file-or-json>",
      "an extra settings file, or the settings as a JSON string, read after user/project/local (repeatable)",
      collect,
    )
    .option(
      "--plugin-dir <dir>",
      "a Claude Code plugin folder to load hooks/hooks.json from (repeatable)",
      collect,
    )
    .option("--cwd <dir>", "the project directory (default: the current directory)")
    .option(
      "--setting-sources <sources>",
      "the settings layers to read, of user, project, local (comma-separated; managed and --settings always)",
    );
}

function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

/**
 * The project flags of a command merged with those given before it (`codebot --settings a hooks
 * list --settings b` reads a, then b). Relative paths are resolved against the process directory;
 * inline JSON is kept as it is.
 */
export function projectFlagsOf(command: Command): ProjectFlags {
  const chain: Command[] = [];
  for (let c: Command | null = command; c; c = c.parent) chain.unshift(c);
  let cwd: string | undefined;
  let sources: SettingSourceName[] | undefined;
  // Claude's variables turn the modes on too (a session started from a safe one is safe).
  const modes: SessionModes = {
    ...(isSwitchOn(process.env.CLAUDE_CODE_SAFE_MODE) ? { safeMode: true } : {}),
    ...(isSwitchOn(process.env.CLAUDE_CODE_RESTRICTED) ? { restricted: true } : {}),
  };
  let safeModeBy: ProjectFlags["safeModeBy"] = modes.safeMode ? "CLAUDE_CODE_SAFE_MODE" : undefined;
  const settingsFiles: string[] = [];
  const pluginDirs: string[] = [];
  for (const c of chain) {
    const opts = c.opts<{
      cwd?: string;
      settings?: string[];
      pluginDir?: string[];
      settingSources?: string;
      bare?: boolean;
      safeMode?: boolean;
      restricted?: boolean;
    }>();
    if (opts.bare === true) modes.bare = true;
    if (opts.safeMode === true) {
      modes.safeMode = true;
      safeModeBy = "--safe-mode";
    }
    if (opts.restricted === true) modes.restricted = true;
    if (opts.settingSources !== undefined) sources = settingSourcesFlag(opts.settingSources);
    if (opts.cwd !== undefined) cwd = opts.cwd;
    for (const value of opts.settings ?? [])
      settingsFiles.push(isInlineSettings(value) ? value : path.resolve(value));
    for (const dir of opts.pluginDir ?? []) pluginDirs.push(path.resolve(dir));
  }
  return {
    cwd: path.resolve(cwd ?? "."),
    settingsFiles,
    pluginDirs,
    ...(sources ? { settingSources: sources } : {}),
    ...(anyMode(modes) ? { modes } : {}),
    ...(safeModeBy !== undefined ? { safeModeBy } : {}),
  };
}

/** `--setting-sources user,project` (Claude Code's): the layers to read; an unknown name is an error. */
function settingSourcesFlag(value: string): SettingSourceName[] {
  const names = value
    .split(",")
    .map((name) => name.trim())
    .filter((name) => name !== "");
  for (const name of names)
    if (!(SETTING_SOURCE_NAMES as readonly string[]).includes(name))
      throw new CliError(
        `--setting-sources: unknown source "${name}" (known: ${SETTING_SOURCE_NAMES.join(", ")})`,
      );
  return names as SettingSourceName[];
}
