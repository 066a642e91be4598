/**
 * `${VAR}` and `${VAR:-default}` in `.mcp.json` values, as Claude Code expands them. A variable
 * that is unset and has no default is an error naming it (the server is not started with a
 * half-filled command line).
 */
const REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

export class MissingVariable extends Error {
  override name = "MissingVariable";
}

export function expandVars(text: string, env: Readonly<Record<string, string | undefined>>): string {
  return text.replace(REFERENCE, (_, name: string, fallback: string | undefined) => {
    const value = env[name];
    if (value !== undefined && value !== "") return value;
    if (fallback !== undefined) return fallback;
    if (value !== undefined) return value;
    throw new MissingVariable(
      `environment variable ${name} is not set (write \${${name}:-default} for a default)`,
    );
  });
}

export function expandRecord(
  record: Readonly<Record<string, string>> | undefined,
  env: Readonly<Record<string, string | undefined>>,
): Record<string, string> | undefined {
  if (record === undefined) return undefined;
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, expandVars(v, env)]));
}

/** The variables `text` names with `${VAR}` or `${VAR:-default}`, in order, without repeats. */
export function referencedVars(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(REFERENCE), (m) => m[1] as string))];
}
