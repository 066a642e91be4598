/**
 * The own-hook guard's analyses of a command, kept for the session (script-references.ts): the
 * same hook runs again and again (a formatter on every edit), and its command, the PATH and the
 * project folder do not change between runs, so reading its words is done once. What does change
 * — a project file created, edited, linked or removed — is rechecked at every run: each path the
 * analysis read (recorded-reads.ts) is stat'ed again, and any difference reads the command anew.
 */
import { recordingReads, signatureOf } from "./recorded-reads.js";

/** Commands past this many are dropped, the least recently checked first. */
const MAX_ENTRIES = 256;

interface Entry<T> {
  value: T;
  /** Each path the analysis read, with its signature then. */
  reads: Map<string, string>;
}

export class AnalysisCache<T> {
  private readonly entries = new Map<string, Entry<T>>();

  /** `analyse()`'s value for `key`, read anew unless every path the last analysis read is unchanged. */
  get(key: string, analyse: () => T): T {
    const kept = this.entries.get(key);
    this.entries.delete(key);
    if (kept !== undefined && unchanged(kept.reads)) {
      this.entries.set(key, kept);
      return kept.value;
    }
    const { value, read } = recordingReads(analyse);
    this.entries.set(key, { value, reads: read });
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    return value;
  }
}

function unchanged(reads: ReadonlyMap<string, string>): boolean {
  for (const [file, signature] of reads) if (signatureOf(file) !== signature) return false;
  return true;
}
