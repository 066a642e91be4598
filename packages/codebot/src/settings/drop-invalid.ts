import type { z } from "zod";

/** A value the schema rejected, dropped so the rest of the file still counts. */
export interface Rejected {
  /** Where it was, items included: `permissions.allow[1]`, `env.PATH`. */
  field: string;
  /** The key it belongs to, for the message: `permissions.allow` (items are not named). "" = the file. */
  key: string;
  message: string;
  /** An unknown key, not a bad value. */
  unknownKey: boolean;
}

/** Rounds of parse-and-drop before giving up; each round drops at least one value, one is the rule. */
const MAX_ROUNDS = 10;
const DROPPED = Symbol("dropped");

/**
 * Parses `input` with `schema` without losing its good parts: each value the schema rejects (a
 * key, one item of a list, an unknown key of a strict object) is reported and dropped, and what
 * is left is parsed again. `value` is undefined only when the input itself is rejected.
 */
export function parseDroppingInvalid<S extends z.ZodType>(
  schema: S,
  input: unknown,
): { value: z.output<S> | undefined; rejected: Rejected[] } {
  const rejected: Rejected[] = [];
  let current = input;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const result = schema.safeParse(current);
    if (result.success) return { value: result.data, rejected };
    // Dropping edits the value: never the caller's.
    if (round === 0) current = structuredClone(input);
    const lists = new Set<unknown[]>();
    for (const issue of result.error.issues) {
      const path = issue.path.filter((p): p is string | number => typeof p !== "symbol");
      if (issue.code === "unrecognized_keys") {
        for (const key of issue.keys) {
          rejected.push({
            field: fieldOf([...path, key]),
            key: keyOf(path),
            message: `unknown key "${key}"`,
            unknownKey: true,
          });
          drop(current, [...path, key], lists);
        }
        continue;
      }
      rejected.push({ field: fieldOf(path), key: keyOf(path), message: issue.message, unknownKey: false });
      if (path.length === 0) return { value: undefined, rejected };
      drop(current, path, lists);
    }
    for (const list of lists) list.splice(0, list.length, ...list.filter((item) => item !== DROPPED));
  }
  return { value: undefined, rejected };
}

/** Removes the value at `path`; list items are marked, and removed once every issue is handled. */
function drop(root: unknown, path: readonly (string | number)[], lists: Set<unknown[]>): void {
  let parent: unknown = root;
  for (const segment of path.slice(0, -1)) {
    if (typeof parent !== "object" || parent === null) return;
    parent = (parent as Record<string | number, unknown>)[segment];
  }
  const last = path[path.length - 1];
  if (last === undefined || typeof parent !== "object" || parent === null) return;
  if (Array.isArray(parent)) {
    parent[last as number] = DROPPED;
    lists.add(parent);
  } else {
    delete (parent as Record<string | number, unknown>)[last];
  }
}

/** `permissions.allow[1]` */
function fieldOf(path: readonly (string | number)[]): string {
  return path.map((p, i) => (typeof p === "number" ? `[${p}]` : i === 0 ? p : `.${p}`)).join("");
}

/** `permissions.allow` */
function keyOf(path: readonly (string | number)[]): string {
  return path.filter((p) => typeof p === "string").join(".");
}
