/**
 * Claude Code settings keys codebot does not act on, whose loss would matter to you: a deny-type
 * key (a sandbox, an MCP server denylist, a URL allowlist for http hooks) or one that changes how
 * the session behaves. Claude Code's other keys codebot does not use (its theme, spinner, login
 * and update keys) are skipped in silence; the whole table is in docs/claude-code.md.
 */

interface NotUsed {
  /** The key's path in the file: `sandbox`, `permissions.denyInsteadOfPrompting`. */
  path: readonly string[];
  /** Whether the value set asks for something codebot does not do (a `false` that asks for the default does not). */
  matters: (value: unknown) => boolean;
}

const set = (value: unknown) => value !== undefined && value !== null;
const on = (value: unknown) => value === true;

/** In the order the warning names them. */
const NOT_USED: readonly NotUsed[] = [
  { path: ["sandbox"], matters: (v) => on((v as { enabled?: unknown } | null)?.enabled) },
  { path: ["permissions", "denyInsteadOfPrompting"], matters: on },
  { path: ["disableSideloadFlags"], matters: on },
  { path: ["strictKnownMarketplaces"], matters: set },
  { path: ["allowedMarketplaces"], matters: set },
  { path: ["blockedMarketplaces"], matters: set },
  { path: ["availableModels"], matters: set },
  { path: ["deniedModels"], matters: set },
  { path: ["enforceAvailableModels"], matters: on },
  { path: ["claudeMd"], matters: set },
  { path: ["claudeMdExcludes"], matters: set },
  { path: ["cleanupPeriodDays"], matters: set },
  { path: ["fallbackModel"], matters: set },
  { path: ["outputStyle"], matters: set },
  { path: ["language"], matters: set },
];

/** The keys of a Claude Code settings file that codebot does not act on and that matter, as `a.b` paths. */
export function claudeKeysNotUsed(settings: Record<string, unknown>): string[] {
  return NOT_USED.filter(({ path, matters }) => matters(valueAt(settings, path))).map(({ path }) =>
    path.join("."),
  );
}

/** The one warning for a file's keys: codebot does not act on them (the table says what each does in claude). */
export function claudeKeysNotUsedMessage(keys: readonly string[]): string {
  return `codebot does not act on these Claude Code settings: ${keys.join(", ")} (docs/claude-code.md, "Claude Code's settings keys")`;
}

function valueAt(settings: Record<string, unknown>, path: readonly string[]): unknown {
  let value: unknown = settings;
  for (const key of path) {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}
