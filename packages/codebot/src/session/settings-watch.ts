/**
 * ConfigChange (Claude Code's): a settings file of the session changed on disk. The ConfigChange
 * hooks run first (matcher `source`); a block keeps the session on the settings it has. Else the
 * change is applied: the settings are read again exactly as at the start (same files, same trust),
 * and the session takes their hooks and permission rules. Nothing else changes mid-session (env,
 * model, MCP servers, mode: the next session; plugins: at `/reload-plugins`). A project hook that is new or changed has a new
 * consent fingerprint, so it runs only once approved, as at the start: a file change never
 * bypasses consent.
 */
import fs from "node:fs";
import path from "node:path";
import { formatProblem, type HookRunner, type SettingsSource } from "@codebot/hooks";
import { visible } from "../approval/visible-text.js";
import { isInlineSettings } from "../settings/inline-settings.js";
import { managedSettingsFiles, resolveManagedRoot } from "../settings/managed-files.js";
import { readSettingsText } from "../settings/read-settings-text.js";
import { type ProjectSettings, projectProblems } from "./project-settings.js";
import { appliedChangeNotice } from "./settings-change-notice.js";

/** Events of one file within this window are one change (editors write in several steps). */
const SETTLE_MS = 100;

/** Claude Code's `source` for each kind of layer (`--settings` files are the user's own). */
const CLAUDE_SOURCE: Readonly<Record<SettingsSource, string>> = {
  managed: "policy_settings",
  user: "user_settings",
  cli: "user_settings",
  plugin: "user_settings",
  project: "project_settings",
  local: "local_settings",
};

export interface WatchedSettingsFile {
  source: SettingsSource;
  path: string;
}

export interface SettingsWatchOptions {
  runner: HookRunner;
  /** The files to watch: every layer file the session reads, whether it exists yet or not. */
  files: readonly WatchedSettingsFile[];
  /** Reads the settings again, as the session read them at its start. */
  reread(): ProjectSettings;
  /** Takes the settings read again: hooks and permission rules. */
  apply(project: ProjectSettings): void;
  notify(message: string): void;
}

export class SettingsWatch {
  private readonly watchers: fs.FSWatcher[] = [];
  private readonly texts = new Map<string, string | undefined>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /** One change is handled at a time, in order. */
  private queue: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(private readonly options: SettingsWatchOptions) {
    const byDir = new Map<string, Map<string, WatchedSettingsFile>>();
    for (const file of options.files) {
      this.texts.set(file.path, readText(file.path));
      const dir = path.dirname(file.path);
      byDir.set(dir, (byDir.get(dir) ?? new Map()).set(path.basename(file.path), file));
    }
    for (const [dir, files] of byDir) {
      // A folder that does not exist (no .codebot/ yet) is not watched.
      if (!fs.existsSync(dir)) continue;
      try {
        const watcher = fs.watch(dir, { persistent: false }, (_type, name) => {
          const file = name === null ? undefined : files.get(name.toString());
          if (file) this.touched(file);
        });
        watcher.on("error", () => undefined);
        this.watchers.push(watcher);
      } catch (error) {
        options.notify(`codebot: cannot watch ${dir} for settings changes: ${(error as Error).message}`);
      }
    }
  }

  close(): void {
    this.closed = true;
    for (const watcher of this.watchers.splice(0)) watcher.close();
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  /** Settles when every change seen so far has been handled. */
  settled(): Promise<void> {
    return this.queue;
  }

  private touched(file: WatchedSettingsFile): void {
    clearTimeout(this.timers.get(file.path));
    this.timers.set(
      file.path,
      setTimeout(() => {
        this.timers.delete(file.path);
        this.queue = this.queue.then(() => this.changed(file));
      }, SETTLE_MS),
    );
  }

  private async changed(file: WatchedSettingsFile): Promise<void> {
    const text = readText(file.path);
    // Saved without a change (an editor touching the file): nothing to tell.
    if (this.closed || text === this.texts.get(file.path)) return;
    this.texts.set(file.path, text);
    const { runner, notify } = this.options;
    const decision = await runner.fire("ConfigChange", {
      source: CLAUDE_SOURCE[file.source],
      filePath: file.path,
    });
    if (this.closed) return;
    if (decision.kind !== "allow") {
      notify(
        `codebot: ${visible(file.path)} changed; not applied (hook ${visible(decision.by)}: ${visible(decision.reason)})`,
      );
      return;
    }
    let project: ProjectSettings;
    try {
      project = this.options.reread();
    } catch (error) {
      notify(
        `codebot: ${visible(file.path)} changed; reading the settings again failed: ${(error as Error).message}`,
      );
      return;
    }
    // As at the start, where an error refuses the session: applied, the file's hooks and rules
    // would be left out (a guard gone for a typo), so the session keeps what it had.
    const broken = projectProblems(project).find((p) => p.severity === "error" && p.file === file.path);
    if (broken !== undefined) {
      const problem = formatProblem(broken).replace(/ \((layer|hook) skipped\)$/, "");
      notify(
        `codebot: ${visible(file.path)} changed; not applied, the session keeps the settings it had: ${visible(problem)} (fix it; codebot hooks validate lists the errors)`,
      );
      return;
    }
    this.options.apply(project);
    notify(appliedChangeNotice(file, project));
  }
}

/**
 * A watched file's text, to tell a change from a save without one; read as the settings loader
 * reads it, never blocking: a FIFO put in its place (at the start, or by a tool call) held the
 * whole session for ever. A file that cannot be read is told apart by why.
 */
function readText(file: string): string | undefined {
  const read = readSettingsText(file);
  if (read.kind === "absent") return undefined;
  return read.kind === "text" ? read.text : `\u0000${read.message}`;
}

/**
 * Every settings file a session of this project reads, whether it exists yet or not (a managed
 * drop-in only when it existed at the start: its folder's new files are not looked for).
 */
export function settingsFilesOf(
  where: {
    cwd: string;
    codebotHome: string;
    claudeHome: string;
    settingsFiles?: readonly string[];
    managedRoot?: string;
  },
  claudeCompat: boolean,
): WatchedSettingsFile[] {
  const project = (...parts: string[]) => path.join(where.cwd, ...parts);
  const files: WatchedSettingsFile[] = [];
  for (const file of managedSettingsFiles(resolveManagedRoot(where.managedRoot)))
    if (file.kind === "file") files.push({ source: "managed", path: file.path });
  files.push({ source: "user", path: path.join(where.codebotHome, "settings.json") });
  if (claudeCompat) files.push({ source: "user", path: path.join(where.claudeHome, "settings.json") });
  files.push({ source: "project", path: project(".codebot", "settings.json") });
  if (claudeCompat) files.push({ source: "project", path: project(".claude", "settings.json") });
  files.push({ source: "local", path: project(".codebot", "settings.local.json") });
  if (claudeCompat) files.push({ source: "local", path: project(".claude", "settings.local.json") });
  // Inline JSON (`--settings '{…}'`) is no file: nothing to watch.
  for (const file of where.settingsFiles ?? [])
    if (!isInlineSettings(file)) files.push({ source: "cli", path: path.resolve(file) });
  return files;
}
