/**
 * CwdChanged and FileChanged (Claude Code's): the watch list is the FileChanged hooks' matchers
 * (file names or paths split on `|`, relative ones against the bash tool's working directory)
 * plus the `watchPaths` hooks return (SessionStart adds to them; CwdChanged, and FileChanged when
 * it gives any, replace them). One `fs.watch` per directory holding a watched path, so a file
 * that does not exist yet is seen when it is added. Nothing is watched when no FileChanged hook
 * exists; every watcher is closed with the session.
 */
import fs from "node:fs";
import path from "node:path";
import type { Decision, HookRunner } from "@codebot/hooks";

/** Events of one file within this window are one FileChanged (editors write in several steps). */
const SETTLE_MS = 100;

type FileEvent = "add" | "change" | "unlink";

interface WatchedDir {
  watcher: fs.FSWatcher;
  /** Watched file names in this directory, with whether each existed when last looked at. */
  files: Map<string, { existed: boolean; timer?: NodeJS.Timeout }>;
}

export class FileWatch {
  private cwd: string;
  private dynamic: string[] = [];
  private readonly dirs = new Map<string, WatchedDir>();
  private closed = false;

  constructor(
    private readonly runner: HookRunner,
    root: string,
    private readonly notify: (message: string) => void,
  ) {
    this.cwd = root;
    this.rewatch();
  }

  /** The files watched now, sorted (none once closed). */
  files(): string[] {
    return [...this.dirs]
      .flatMap(([dir, watched]) => [...watched.files.keys()].map((name) => path.join(dir, name)))
      .sort();
  }

  /** SessionStart's `watchPaths`: added to the list. */
  add(paths: readonly string[]): void {
    this.dynamic = [...new Set([...this.dynamic, ...paths.map((p) => path.resolve(this.cwd, p))])];
    this.rewatch();
  }

  /** The bash tool's `cd`: CwdChanged fires; its `watchPaths` replace the returned ones. */
  cwdChanged(oldCwd: string, newCwd: string): void {
    this.cwd = newCwd;
    if (!this.runner.hasHooks("CwdChanged")) {
      this.rewatch();
      return;
    }
    void this.afterHooks(this.runner.fire("CwdChanged", { oldCwd, newCwd }), true);
  }

  close(): void {
    this.closed = true;
    this.unwatchAll();
  }

  private unwatchAll(): void {
    for (const dir of this.dirs.values()) {
      dir.watcher.close();
      for (const file of dir.files.values()) clearTimeout(file.timer);
    }
    this.dirs.clear();
  }

  /** The hooks' `watchPaths` replace the returned list (`always`: even when they gave none). */
  private async afterHooks(decision: Promise<Decision>, always: boolean): Promise<void> {
    const given = await decision.then(
      (d) => (d.kind === "allow" ? d.watchPaths : undefined),
      () => undefined,
    );
    if (given !== undefined || always) this.dynamic = (given ?? []).map((p) => path.resolve(this.cwd, p));
    this.rewatch();
  }

  /** The hooks were reloaded (a settings file changed): their matchers may name other files. */
  refresh(): void {
    this.rewatch();
  }

  /** The list as it is now: directories no longer needed are unwatched, new ones watched. */
  private rewatch(): void {
    if (this.closed) return;
    if (!this.runner.hasHooks("FileChanged")) {
      this.unwatchAll();
      return;
    }
    const wanted = new Map<string, Set<string>>();
    for (const file of [...this.fromMatchers(), ...this.dynamic]) {
      const dir = path.dirname(file);
      wanted.set(dir, (wanted.get(dir) ?? new Set()).add(path.basename(file)));
    }
    for (const [dir, watched] of this.dirs) {
      if (wanted.has(dir)) continue;
      watched.watcher.close();
      for (const file of watched.files.values()) clearTimeout(file.timer);
      this.dirs.delete(dir);
    }
    for (const [dir, names] of wanted) {
      const watched = this.dirs.get(dir) ?? this.watchDir(dir);
      if (!watched) continue;
      for (const name of names)
        if (!watched.files.has(name))
          watched.files.set(name, { existed: fs.existsSync(path.join(dir, name)) });
      for (const name of watched.files.keys()) if (!names.has(name)) watched.files.delete(name);
    }
  }

  private fromMatchers(): string[] {
    const files: string[] = [];
    for (const hook of this.runner.hooks) {
      // A Claude Code matcher is a list of names whatever its characters (`.envrc|.env`); a native one only when exact.
      if (hook.event !== "FileChanged" || hook.matcher.kind === "all") continue;
      if (hook.style !== "claude" && hook.matcher.kind !== "exact") continue;
      for (const part of hook.matcher.source.split("|")) {
        const name = part.trim();
        if (name !== "") files.push(path.resolve(this.cwd, name));
      }
    }
    return files;
  }

  private watchDir(dir: string): WatchedDir | undefined {
    let watcher: fs.FSWatcher;
    try {
      watcher = fs.watch(dir, { persistent: false }, (_type, name) => {
        if (name !== null) this.touched(dir, name.toString());
      });
    } catch (error) {
      this.notify(`codebot: FileChanged: cannot watch ${dir}: ${(error as Error).message}`);
      return undefined;
    }
    watcher.on("error", (error) =>
      this.notify(`codebot: FileChanged: watching ${dir} failed: ${error.message}`),
    );
    const watched: WatchedDir = { watcher, files: new Map() };
    this.dirs.set(dir, watched);
    return watched;
  }

  private touched(dir: string, name: string): void {
    const file = this.dirs.get(dir)?.files.get(name);
    if (file === undefined) return;
    clearTimeout(file.timer);
    file.timer = setTimeout(() => {
      file.timer = undefined;
      const exists = fs.existsSync(path.join(dir, name));
      const event: FileEvent | undefined = exists
        ? file.existed
          ? "change"
          : "add"
        : file.existed
          ? "unlink"
          : undefined;
      file.existed = exists;
      if (event !== undefined && !this.closed) this.fire(path.join(dir, name), event);
    }, SETTLE_MS);
  }

  private fire(filePath: string, fileEvent: FileEvent): void {
    const decision = this.runner.fire("FileChanged", { filePath, fileEvent });
    void this.afterHooks(decision, false);
  }
}
