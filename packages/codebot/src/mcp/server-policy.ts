/**
 * Claude Code's MCP server lists, `deniedMcpServers` and `allowedMcpServers`, read from the
 * settings layers. An entry names a server one of three ways, as in claude 2.1.328:
 * `{"serverName": "x"}`, `{"serverCommand": ["node", "srv.js"]}` (the command and its arguments,
 * matched exactly) or `{"serverUrl": "https://*.example.com/*"}` (`*` matches any characters).
 *
 * Where each list counts (claude 2.1.328 recorded with `claude mcp list` and `-p` init lines):
 * - a deny from any file, the project's too: a deny only restricts;
 * - the allow lists of your files (managed, user, `--settings`) add up, and a server none of them
 *   admits does not start; with the managed `allowManagedMcpServersOnly: true` only the managed
 *   lists count. An empty list admits none.
 * - claude adds a project's (`.claude/settings*.json`) allow list to yours, so a repository could
 *   admit its own server past your list (recorded). codebot does not: a project's or a plugin's
 *   allow list only narrows — a server must pass it as well as yours.
 * The organisation's own servers (mcp/managed-servers.ts) need no allow entry, and a project's
 * lists do not reach them, as in claude.
 */
import type { Problem, SettingsLayer } from "@codebot/hooks";

export type PolicyEntry =
  | { kind: "name"; name: string }
  | { kind: "command"; line: readonly string[] }
  | { kind: "url"; pattern: string };

export interface ServerPolicy {
  /** Every deny entry, with whether a project or plugin file wrote it. */
  deny: readonly { entry: PolicyEntry; fromProject: boolean }[];
  /** Your allow lists together; undefined when none of your files has one (every server admitted). */
  allow: readonly PolicyEntry[] | undefined;
  /** The allow list of each project or plugin file: a server must pass every one. */
  projectAllows: readonly (readonly PolicyEntry[])[];
}

const YOURS = new Set(["managed", "user", "cli"]);

/** The lists of the layers, each entry checked on its own (a bad one is a warning, the rest count). */
export function serverPolicy(layers: readonly SettingsLayer[], problems: Problem[]): ServerPolicy {
  const deny: { entry: PolicyEntry; fromProject: boolean }[] = [];
  const mine: PolicyEntry[][] = [];
  const managedAllows: PolicyEntry[][] = [];
  const projectAllows: PolicyEntry[][] = [];
  let managedOnly = false;
  for (const layer of layers) {
    const settings = layer.settings as Record<string, unknown> | null | undefined;
    if (settings === null || typeof settings !== "object") continue;
    const yours = YOURS.has(layer.source) && layer.plugin === undefined;
    const managed = layer.source === "managed";
    const denied = policyEntries(settings.deniedMcpServers, "deniedMcpServers", layer.path, problems);
    for (const entry of denied ?? []) deny.push({ entry, fromProject: !yours });
    const allowed = policyEntries(settings.allowedMcpServers, "allowedMcpServers", layer.path, problems);
    if (allowed !== undefined) (yours ? mine : projectAllows).push(allowed);
    if (allowed !== undefined && managed) managedAllows.push(allowed);
    if (settings.allowManagedMcpServersOnly === true) {
      if (managed) managedOnly = true;
      else
        problems.push(
          warning(layer.path, "allowManagedMcpServersOnly", ONLY_MANAGED("allowManagedMcpServersOnly")),
        );
    }
  }
  const yourLists = managedOnly ? managedAllows : mine;
  return {
    deny,
    allow: yourLists.length === 0 ? undefined : yourLists.flat(),
    // Under allowManagedMcpServersOnly only the organisation's list applies (claude's wording).
    projectAllows: managedOnly ? [] : projectAllows,
  };
}

export const ONLY_MANAGED = (key: string) => `${key} is only honoured in the managed settings; ignored`;

/** A list's entries; undefined when the key is absent or not a list (no list). */
function policyEntries(
  value: unknown,
  key: string,
  file: string,
  problems: Problem[],
): PolicyEntry[] | undefined {
  if (value === undefined) return undefined;
  // Not a list: the settings schema says so (mcpServerListSchema), and the key is ignored.
  if (!Array.isArray(value)) return undefined;
  const out: PolicyEntry[] = [];
  value.forEach((raw, i) => {
    const entry = policyEntry(raw);
    if (entry !== undefined) out.push(entry);
    else
      problems.push(
        warning(
          file,
          `${key}[${i}]`,
          `${key}[${i}]: expected exactly one of "serverName" (a name), "serverCommand" (the command and its arguments, a list of strings) or "serverUrl" (a URL, * for any characters); this entry is ignored`,
        ),
      );
  });
  return out;
}

function policyEntry(raw: unknown): PolicyEntry | undefined {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return undefined;
  const { serverName, serverCommand, serverUrl, ...rest } = raw as Record<string, unknown>;
  if (Object.keys(rest).length > 0) return undefined;
  if ([serverName, serverCommand, serverUrl].filter((v) => v !== undefined).length !== 1) return undefined;
  if (typeof serverName === "string" && serverName !== "" && serverName === serverName.trim())
    return { kind: "name", name: serverName };
  if (
    Array.isArray(serverCommand) &&
    serverCommand.length > 0 &&
    serverCommand.every((word) => typeof word === "string")
  )
    return { kind: "command", line: serverCommand as string[] };
  if (typeof serverUrl === "string" && serverUrl.trim() !== "") return { kind: "url", pattern: serverUrl };
  return undefined;
}

function warning(file: string, field: string, message: string): Problem {
  return { severity: "warning", scope: "settings", file, field, message };
}
