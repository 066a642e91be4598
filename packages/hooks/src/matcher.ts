/**
 * Matchers for a hook's `matcher` and `if` fields (§4). Regexes run on RE2 (re2js): the patterns
 * come from settings files and the text they search is written by the model, so matching must
 * be linear-time whatever either side contains.
 */
import { RE2JS, RE2JSException } from "re2js";

/** A matcher or `if` pattern that cannot be compiled; the loader reports it with its location. */
export class MatcherSyntaxError extends Error {
  constructor(
    readonly pattern: string,
    message: string,
  ) {
    super(message);
    this.name = "MatcherSyntaxError";
  }
}

export interface Matcher {
  /** The pattern as written, trimmed. */
  readonly source: string;
  readonly kind: "all" | "exact" | "regex";
  /** True when the subject matches: everything / whole-string case-insensitive equality / a regex search. */
  test(subject: string): boolean;
}

const MATCH_ALL: Matcher = { source: "", kind: "all", test: () => true };

/** Builds a matcher; throws MatcherSyntaxError for a regex RE2 rejects or an unknown flag. */
export function parseMatcher(pattern: string): Matcher {
  const source = pattern.trim();
  if (source === "") return MATCH_ALL;
  const lastSlash = source.lastIndexOf("/");
  if (source.startsWith("/") && lastSlash > 0) {
    return regexMatcher(source, source.slice(1, lastSlash), source.slice(lastSlash + 1));
  }
  const folded = caseFold(source);
  return { source, kind: "exact", test: (subject) => caseFold(subject) === folded };
}

/** Claude Code's "exact list" syntax: only names and separators, no regex metacharacters. */
const CLAUDE_LIST = /^[A-Za-z0-9_|, -]+$/;

/**
 * A Claude Code group's matcher (§11): `*` or empty matches everything; a string of only letters,
 * digits, `_`, `-`, spaces, `|` and `,` is a case-sensitive list of exact names (`Edit|Write`);
 * anything else is an unanchored RE2 regex (`mcp__.*`, `^Bash$`).
 */
export function parseClaudeMatcher(pattern: string): Matcher {
  const source = pattern.trim();
  if (source === "" || source === "*") return { ...MATCH_ALL, source };
  if (CLAUDE_LIST.test(source)) {
    const names = new Set(
      source
        .split(/[|,]/)
        .map((name) => name.trim())
        .filter((name) => name !== ""),
    );
    return { source, kind: "exact", test: (subject) => names.has(subject) };
  }
  return compileRegex(source, source, 0);
}

function regexMatcher(source: string, body: string, flags: string): Matcher {
  let reFlags = 0;
  for (const flag of flags) {
    if (flag !== "i") {
      throw new MatcherSyntaxError(
        source,
        `unknown regex flag "${flag}" in ${source} (only "i" is supported)`,
      );
    }
    reFlags |= RE2JS.CASE_INSENSITIVE;
  }
  return compileRegex(source, body, reFlags);
}

function compileRegex(source: string, body: string, reFlags: number): Matcher {
  let re: RE2JS;
  try {
    re = RE2JS.compile(body, reFlags);
  } catch (err) {
    if (!(err instanceof RE2JSException)) throw err;
    const why = err.message.replace(/^error parsing regexp: /, "");
    throw new MatcherSyntaxError(source, `invalid regular expression ${source}: ${why}`);
  }
  // `test` is an unanchored search on re2js's DFA path (no capture groups requested).
  return { source, kind: "regex", test: (subject) => re.test(subject) };
}

const foldCache = new Map<string, string>();
const FOLD_CACHE_MAX = 1024;

/**
 * Full Unicode case folding approximated by upper- then lower-casing (ß ~ SS, ſ ~ s, K ~ k).
 * Tool and agent names recur on every call, so their folds are remembered.
 */
function caseFold(s: string): string {
  let folded = foldCache.get(s);
  if (folded === undefined) {
    folded = s.toUpperCase().toLowerCase();
    if (s.length <= 128) {
      if (foldCache.size >= FOLD_CACHE_MAX) foldCache.clear();
      foldCache.set(s, folded);
    }
  }
  return folded;
}

/** True when the matcher matches any of the names (a tool and its aliases). */
export function matchesAnyName(matcher: Matcher, names: readonly string[]): boolean {
  return names.some((name) => matcher.test(name));
}
