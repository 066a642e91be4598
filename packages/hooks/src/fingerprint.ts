/**
 * A hook's identity for trust (§8): the sha256 of its event and the entry's canonical JSON, so an
 * approval survives reformatting and key reordering but not any change of what the entry does;
 * for consent, also the content of the project scripts its command runs.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { type ContentView, type ContentViews, viewedContent } from "./content-view.js";
import type { HookSpec } from "./executor.js";
import { hookScripts } from "./hook-scripts.js";

/**
 * JSON with object keys sorted at every level and no whitespace. Keys an object inherits count as
 * its own: a hook reads its fields as properties, so one that comes from a prototype (a parser
 * that assigns keys makes `"__proto__": {…}` one) runs and must change the fingerprint.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === "object") {
    const keys: string[] = [];
    for (const key in value) keys.push(key);
    const sorted: Record<string, unknown> = {};
    for (const key of keys.sort()) sorted[key] = sortKeys((value as Record<string, unknown>)[key]);
    return sorted;
  }
  return value;
}

/** Hex sha256 of `<event>\n<canonical JSON of the raw entry>`. */
export function hookFingerprint(event: string, rawEntry: unknown): string {
  return createHash("sha256")
    .update(`${event}\n${canonicalJson(rawEntry)}`)
    .digest("hex");
}

/** Scripts larger than this are identified by size and modification time instead of content. */
const MAX_HASHED_SCRIPT_BYTES = 4 * 1024 * 1024;

/**
 * What the user approves for a hook (§8): its entry fingerprint, and for a command hook the
 * content of the project's script files the command and its entry's `env` run (hookScripts), so
 * editing `.claude/hooks/x.sh` asks again. A command that names no such file keeps the entry fingerprint.
 * Computed each time the hook is about to run, so an edit during the session counts too.
 */
export function consentFingerprint(
  entryFingerprint: string,
  spec: HookSpec,
  projectDir: string,
  env: Readonly<Record<string, string>> = {},
): string {
  const views: ContentViews = new Map();
  return fingerprintWithScripts(
    entryFingerprint,
    hookScripts(spec, projectDir, env, views),
    projectDir,
    views,
  );
}

/**
 * The entry fingerprint tied to the content of `scripts` (unchanged when there are none), each
 * read in its view (`views`, content-view.ts).
 */
export function fingerprintWithScripts(
  entryFingerprint: string,
  scripts: readonly string[],
  projectDir: string,
  views?: ContentViews,
): string {
  if (scripts.length === 0) return entryFingerprint;
  return createHash("sha256")
    .update(entryFingerprint)
    .update(scriptsText(scripts, projectDir, views))
    .digest("hex");
}

/**
 * The content digests scriptsText computed, by file: each with its view and the stat taken just
 * before the read, so that what checks the same files again later (a project grant's approved
 * files) starts from them instead of reading and hashing each file a second time.
 */
export type ReadDigests = Map<string, { view: ContentView; stat: fs.Stats; digest: string }>;

/**
 * `\n<path below projectDir>\0<content digest>` for each file: what ties an approval to the
 * content of the scripts it runs, each read in its view (`views`, content-view.ts; bytes when not
 * given). MCP server and project grants use it too. Files larger than `hashedUpTo` bytes are
 * identified by size and modification time instead. Each digest of content is noted in `read`.
 */
export function scriptsText(
  files: readonly string[],
  projectDir: string,
  views?: ContentViews,
  hashedUpTo = MAX_HASHED_SCRIPT_BYTES,
  read?: ReadDigests,
): string {
  return files
    .map(
      (file) =>
        `\n${path.relative(projectDir, file)}\0${scriptDigest(file, views?.get(file) ?? "bytes", hashedUpTo, read)}`,
    )
    .join("");
}

function scriptDigest(file: string, view: ContentView, hashedUpTo: number, read?: ReadDigests): string {
  try {
    const stat = fs.statSync(file);
    // A view reads no more than it must (a whole huge git config, failing closed, is rare).
    if (view === "bytes" && stat.size > hashedUpTo) return `size ${stat.size} mtime ${stat.mtimeMs}`;
    const digest = createHash("sha256").update(viewedContent(file, view)).digest("hex");
    read?.set(file, { view, stat, digest });
    return digest;
  } catch (error) {
    return `unreadable ${(error as NodeJS.ErrnoException).code ?? ""}`;
  }
}
