import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { writeFileAtomic } from "../fs/atomic-write.js";
import { withFileLock } from "../fs/file-lock.js";
import { setAside } from "../fs/set-aside.js";
import { projectSlug } from "../paths/project-slug.js";
import { projectIdentity } from "./project-identity.js";

/** What the user approved for one project hook (kept for `codebot hooks trust` listings). */
export interface TrustedHook {
  event: string;
  source: string;
  label: string;
  /** The settings file the hook was in. */
  path: string;
  trustedAt: string;
}

/** The file `$CODEBOT_HOME/trust/<project-slug>-<path-hash>.json`. */
export interface TrustFile {
  version: 2;
  project: string;
  /** The repository the approvals were given to (projectIdentity); another one at the same path gets none. */
  identity: string;
  /** Approved project/local hooks by fingerprint; a changed entry has a new fingerprint. */
  hooks: Record<string, TrustedHook>;
  /** Approved grants from project/local settings, by value (`allow:<rule>`, `env:<NAME>=<value>`…). */
  grants: string[];
}

/**
 * Per-project approvals of what a repository's settings ask for. Every write holds a lock file,
 * re-reads the file and replaces it atomically, so sessions of one project approving at the same
 * time keep each other's approvals. A file that cannot be read or is not valid JSON (hand-edited)
 * grants nothing, and is kept as `<file>.bad` before the next approval writes a new one.
 */
export class TrustStore {
  readonly file: string;
  /** Set when the file exists but could not be read; the store then starts empty. */
  readonly problem: string | undefined;
  /** Where the damaged file was kept when an approval replaced it (set-aside.ts). */
  keptAside: string | undefined;
  private data: TrustFile;
  private knownIdentity: string | undefined;

  constructor(
    codebotHome: string,
    private readonly projectDir: string,
    /** Which repository the project is (asked only when approvals are read or written). */
    private readonly identityOf: (projectDir: string) => string = projectIdentity,
  ) {
    this.file = trustFileFor(codebotHome, projectDir);
    const read = this.read();
    this.data = read.data;
    this.problem = read.problem;
  }

  isHookTrusted(fingerprint: string): boolean {
    return Object.hasOwn(this.data.hooks, fingerprint);
  }

  trustHook(fingerprint: string, hook: Omit<TrustedHook, "trustedAt">): void {
    this.update((d) => {
      d.hooks[fingerprint] = { ...hook, trustedAt: new Date().toISOString() };
    });
  }

  isGrantTrusted(grant: string): boolean {
    return this.data.grants.includes(grant);
  }

  trustGrants(grants: readonly string[]): void {
    this.update((d) => {
      for (const g of grants) if (!d.grants.includes(g)) d.grants.push(g);
    });
  }

  /** A copy of everything approved for this project. */
  snapshot(): TrustFile {
    return structuredClone(this.data);
  }

  private update(change: (d: TrustFile) => void): void {
    // Asked before the lock, not while holding it: the first time, git may take up to two 10 s
    // calls, past the brief lock's staleness limit, and a process in another container would take
    // the lock over mid-write and lose one of the two updates. Inside, read() finds it known.
    const identity = this.identity();
    try {
      this.data = withFileLock(this.file, () => {
        const read = this.read();
        // Written over, the damaged file's approvals would be lost for good; moved, they can be recovered.
        if (read.damaged) this.keptAside = setAside(this.file);
        const fresh = read.data;
        fresh.identity = identity;
        change(fresh);
        writeFileAtomic(this.file, `${JSON.stringify(fresh, null, 2)}\n`, 0o600);
        return fresh;
      });
    } catch (error) {
      // A bare "ENOSPC: no space left on device, write" would not say what was not saved.
      throw new Error(`trust: cannot save approvals to ${this.file}: ${(error as Error).message}`);
    }
  }

  private identity(): string {
    this.knownIdentity ??= this.identityOf(this.projectDir);
    return this.knownIdentity;
  }

  /** `damaged`: the file is there but could not be read or parsed (not merely another project's). */
  private read(): { data: TrustFile; problem?: string; damaged?: true } {
    const project = path.resolve(this.projectDir);
    const empty = (): TrustFile => ({
      version: 2,
      project,
      identity: this.identity(),
      hooks: {},
      grants: [],
    });
    let text: string;
    try {
      text = fs.readFileSync(this.file, "utf8");
    } catch (error) {
      // No file (or a file where its folder should be): nothing approved, and no need to ask git
      // which repository this is (yet).
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT" || code === "ENOTDIR")
        return { data: { version: 2, project, identity: "", hooks: {}, grants: [] } };
      return {
        data: empty(),
        problem: `trust: cannot read ${this.file}: ${(error as Error).message}; ${KEPT_ASIDE(this.file)}`,
        damaged: true,
      };
    }
    try {
      const parsed = JSON.parse(text) as Partial<TrustFile>;
      // Approvals belong to exactly one directory; a file recorded for another one grants nothing.
      if (parsed.project !== project) {
        return {
          data: empty(),
          problem: `trust: ${this.file} belongs to ${String(parsed.project)}, ignored`,
        };
      }
      // … and to one repository in it: another one cloned to the same path starts with none.
      if (parsed.identity !== this.identity()) {
        const was = typeof parsed.identity === "string" ? parsed.identity : "not recorded";
        return {
          data: empty(),
          problem: `trust: ${this.file} holds approvals for another repository at ${project} (${was}; now ${this.identity()}), ignored; run "codebot hooks trust" to review`,
        };
      }
      const hooks = parsed.hooks !== null && typeof parsed.hooks === "object" ? parsed.hooks : {};
      const grants = Array.isArray(parsed.grants) ? parsed.grants.filter((g) => typeof g === "string") : [];
      return { data: { ...empty(), hooks: { ...hooks }, grants } };
    } catch (error) {
      return {
        data: empty(),
        problem: `trust: ${this.file} is not valid JSON (${(error as Error).message}); ${KEPT_ASIDE(this.file)}`,
        damaged: true,
      };
    }
  }
}

const KEPT_ASIDE = (file: string) => `its approvals do not count; the next approval keeps it as ${file}.bad`;

/**
 * The slug keeps the file recognisable; the hash of the exact path keeps `/x/a.b`, `/x/a-b` and
 * `/x/a/b` (one slug) from sharing approvals.
 */
export function trustFileFor(codebotHome: string, projectDir: string): string {
  const exact = createHash("sha256").update(path.resolve(projectDir)).digest("hex").slice(0, 12);
  return path.join(codebotHome, "trust", `${projectSlug(projectDir)}-${exact}.json`);
}
