/**
 * A hook's identity for trust (§8): the sha256 of its event and the entry's canonical JSON, so an
 * approval survives reformatting and key reordering but not any change of what the entry does.
 */
import { createHash } from "node:crypto";

/** JSON with object keys sorted at every level and no whitespace. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === "object") {
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort())
      sorted[key] = sortKeys((value as Record<string, unknown>)[key]);
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
