import fs from "node:fs";
import path from "node:path";
import { isWithin } from "@codebot/hooks";

/**
 * Where file tools may reach. Paths come from the model, so they are resolved against the
 * project directory, `..` and symlinks are followed, and the result must stay inside the
 * project unless the session allows paths outside it.
 */
export class PathPolicy {
  /** The project directory with symlinks resolved. */
  readonly root: string;
  /** Folders outside the project that may be reached too (`additionalDirectories`, `/add-dir`), symlinks resolved. */
  private readonly folders: string[];

  constructor(
    projectDir: string,
    private readonly allowOutside = false,
    /** Single files outside the project that may be reached too (real paths). */
    private readonly alsoFiles: string[] = [],
    /** Folders outside the project that may be reached too (absolute; a symlink counts as its target). */
    folders: readonly string[] = [],
  ) {
    this.root = fs.realpathSync(path.resolve(projectDir));
    this.folders = folders.map((folder) => realPathOfDeepestAncestor(path.resolve(folder)));
  }

  /** The folders outside the project it reaches (real paths): the settings', `--add-dir`'s, `/add-dir`'s. */
  get addedFolders(): readonly string[] {
    return this.folders;
  }

  /** The same policy letting one more file through (an agent hook's verifier reads the transcript). */
  withFile(file: string): PathPolicy {
    return new PathPolicy(
      this.root,
      this.allowOutside,
      [...this.alsoFiles, realPathOfDeepestAncestor(file)],
      this.folders,
    );
  }

  /** The real absolute path for `input`, or an error message naming the tool. */
  resolve(tool: string, input: string): { ok: true; path: string } | { ok: false; error: string } {
    if (input.includes("\0")) return { ok: false, error: `${tool}: path contains a NUL byte` };
    const real = realPathOfDeepestAncestor(path.resolve(this.root, input));
    if (
      this.allowOutside ||
      this.contains(real) ||
      this.alsoFiles.includes(real) ||
      this.folders.some((folder) => isWithin(real, folder))
    )
      return { ok: true, path: real };
    return {
      ok: false,
      error: `${tool}: ${input} is outside the project directory ${this.root}; paths outside the project are refused (permissions.additionalDirectories or the allowOutsideProject option allows them)`,
    };
  }

  /** True when the file tools reach `realPath` already: in the project or a folder added to it. */
  reaches(realPath: string): boolean {
    return this.contains(realPath) || this.folders.some((folder) => isWithin(realPath, folder));
  }

  /** One more file the file tools may reach from now on (a background command's output file). */
  addFile(file: string): void {
    this.alsoFiles.push(realPathOfDeepestAncestor(file));
  }

  /** One more folder the file tools may reach from now on (`/add-dir`; a real path). */
  addFolder(realPath: string): void {
    this.folders.push(realPath);
  }

  /** True when `realPath` is the project directory or below it. */
  contains(realPath: string): boolean {
    return isWithin(realPath, this.root);
  }

  /**
   * The real path `input` names when that is outside the project and the folders the session adds
   * to it (Claude Code's `blocked_path`); undefined inside them.
   */
  outside(input: string): string | undefined {
    if (input.includes("\0")) return undefined;
    const real = realPathOfDeepestAncestor(path.resolve(this.root, input));
    return this.contains(real) ||
      this.alsoFiles.includes(real) ||
      this.folders.some((folder) => isWithin(real, folder))
      ? undefined
      : real;
  }

  /** How a path is shown to the model and matched by permission rules: project-relative when inside. */
  display(realPath: string): string {
    if (!this.contains(realPath)) return realPath;
    return path.relative(this.root, realPath).split(path.sep).join("/") || ".";
  }
}

/** Resolves symlinks of the part of `abs` that exists; the missing tail (a file to create) is appended. */
export function realPathOfDeepestAncestor(abs: string): string {
  const missing: string[] = [];
  let current = abs;
  for (let hops = 0; ; ) {
    try {
      return path.join(fs.realpathSync(current), ...missing.reverse());
    } catch {
      // A symlink to nothing (`notes -> ~/.codebot/settings.json` before that file exists): what
      // a write through it creates is its target, so the target is what counts.
      const target = danglingTarget(current);
      if (target !== undefined && hops++ < MAX_LINK_HOPS) {
        current = path.resolve(path.dirname(current), target);
        continue;
      }
      const parent = path.dirname(current);
      if (parent === current) return abs;
      missing.push(path.basename(current));
      current = parent;
    }
  }
}

/** Past this many symlinks to nothing in a row, the path is taken as it is (the system gives up at 40). */
const MAX_LINK_HOPS = 40;

/** The target of `file` when it is a symlink (one realpath could not follow: it points to nothing). */
function danglingTarget(file: string): string | undefined {
  try {
    return fs.lstatSync(file).isSymbolicLink() ? fs.readlinkSync(file) : undefined;
  } catch {
    return undefined;
  }
}
