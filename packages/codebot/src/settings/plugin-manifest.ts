import { readSettingsText } from "./read-settings-text.js";

/** A plugin's `.claude-plugin/plugin.json` as read: its identity, or why the plugin does not load. */
export type ManifestRead = { name?: string; version?: string } | { fault: string };

/**
 * What claude 2.1.328 refuses in a plugin's name (recorded with `--plugin-dir`: "is not a valid
 * plugin name (must be non-empty and must not contain "@", ":", whitespace, path separators, or
 * invisible/control characters)"): `@` and `:` separate a plugin id's parts, `/` and `\` would
 * make a path of it, a zero-width or bidirectional-formatting character hides what it says. It
 * accepts the rest (`my_plugin`, `My.Plugin`, `ünicode`, `..`).
 */
const REFUSED_IN_NAME = /[@:/\\\p{Cc}\p{Cf}]/u;

/** Whether claude 2.1.328 takes `name` as a plugin's name: no spaces, nothing REFUSED_IN_NAME. */
export function isPluginName(name: string): boolean {
  return name.trim() !== "" && !/\s/.test(name) && !REFUSED_IN_NAME.test(name);
}

/** The fields whose wrong type makes claude 2.1.328 refuse the whole plugin (recorded). */
const STRING_FIELDS = ["version", "description"] as const;

/**
 * Reads a plugin manifest as claude 2.1.328 does at start (recorded with `--plugin-dir` and with a
 * plugin installed from a local marketplace): strict JSON, an object, a `name` that is a non-empty
 * string without spaces nor any other character claude refuses in a name (REFUSED_IN_NAME),
 * `version` and `description` strings when given. Any of these wrong and
 * claude loads nothing of the plugin (`claude plugin list`: "Manifest validation failed: name:
 * Invalid input: expected string, received number"). Other fields (`author`, `keywords`,
 * `homepage`…) are not read here: claude ignores them when malformed, and so does codebot.
 * No manifest at all is no fault (`{}`): the plugin is named after its folder.
 */
export function readPluginManifest(file: string): ManifestRead {
  // As a settings file is read: a FIFO or a link to /dev/zero there held the session's start for ever.
  const read = readSettingsText(file);
  if (read.kind === "absent") return {};
  if (read.kind === "error") return { fault: `cannot be read (${read.message})` };
  const text = read.text;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { fault: `is not valid JSON (${(error as Error).message})` };
  }
  // `null`, a list, a string: JSON, but no manifest.
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
    return { fault: "is not a JSON object" };
  const fields = parsed as Record<string, unknown>;
  const faults: string[] = [];
  const name = fields.name;
  if (name === undefined) faults.push('has no "name"');
  else if (typeof name !== "string") faults.push(`has "name": ${shown(name)}, not a string`);
  else if (name.trim() === "") faults.push('has an empty "name"');
  else if (/\s/.test(name)) faults.push(`has "name": ${shown(name)}, with spaces (use kebab-case)`);
  else if (REFUSED_IN_NAME.test(name))
    faults.push(
      `has "name": ${shown(name)}, which claude refuses (a plugin name must not contain "@", ":", whitespace, path separators, or invisible/control characters)`,
    );
  for (const field of STRING_FIELDS) {
    const value = fields[field];
    if (value !== undefined && typeof value !== "string")
      faults.push(`has "${field}": ${shown(value)}, not a string`);
  }
  if (faults.length > 0) return { fault: faults.join("; ") };
  const version = fields.version as string | undefined;
  return {
    name: name as string,
    ...(version !== undefined && version.trim() !== "" ? { version } : {}),
  };
}

/** A value as JSON, cut short: it is shown in a problem line. */
function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
