/**
 * Whether a server entry may start under the MCP server lists (server-policy.ts). Commands and
 * URLs are compared as the server would run: `${VAR}` expanded (a `"${NODE:-node}"` does not slip
 * past a deny of `["node", …]`, as claude 2.1.328's does not, recorded); a deny also matches the
 * line as written.
 */
import { expandVars, referencedVars } from "./expand-vars.js";
import { isRemote, isSdk } from "./server-config.js";
import type { ServerEntry } from "./server-entry.js";
import type { PolicyEntry, ServerPolicy } from "./server-policy.js";

export type PolicyVerdict = "denied" | "not allowed" | undefined;

export function policyVerdict(
  entry: ServerEntry,
  policy: ServerPolicy,
  env: Readonly<Record<string, string | undefined>>,
): PolicyVerdict {
  const vars = { ...env, ...entry.vars };
  const organisation = entry.origin === "managed" || entry.origin === "managed-mcp";
  const denied = policy.deny.some(
    (d) => !(d.fromProject && organisation) && matches(d.entry, entry, vars, "deny"),
  );
  if (denied) return "denied";
  // managed-mcp.json entries with ${VAR} in what they run or reach must be on the list (claude's rule).
  const needsListing = !organisation || (entry.origin === "managed-mcp" && hasVariables(entry));
  if (
    needsListing &&
    policy.allow !== undefined &&
    !policy.allow.some((a) => matches(a, entry, vars, "allow"))
  )
    return "not allowed";
  if (
    !organisation &&
    policy.projectAllows.some((list) => !list.some((a) => matches(a, entry, vars, "allow")))
  )
    return "not allowed";
  return undefined;
}

/** The entry's own name: a plugin's server `plugin:<plugin>:<server>` is matched by `<server>` too. */
export function ownServerName(entry: ServerEntry): string {
  return entry.name.startsWith("plugin:") ? entry.name.slice(entry.name.lastIndexOf(":") + 1) : entry.name;
}

function matches(
  rule: PolicyEntry,
  entry: ServerEntry,
  vars: Readonly<Record<string, string | undefined>>,
  use: "deny" | "allow",
): boolean {
  // A deny reaches a plugin's server by its own name too; an allow only by its whole name, so a
  // plugin cannot pass your list by naming its server like one of yours (claude 2.1.328 reaches a
  // plugin's server by no name at all, recorded: only serverCommand and serverUrl matched it).
  if (rule.kind === "name")
    return rule.name === entry.name || (use === "deny" && rule.name === ownServerName(entry));
  const config = entry.config;
  if (isSdk(config)) return false;
  if (rule.kind === "url") {
    if (!isRemote(config)) return false;
    return forms(config.url, vars, use).some((url) => urlPattern(rule.pattern).test(url));
  }
  if (isRemote(config)) return false;
  const written = [config.command, ...(config.args ?? [])];
  const expanded = expandAll(written, vars);
  const lines = use === "deny" ? [written, ...(expanded ? [expanded] : [])] : expanded ? [expanded] : [];
  return lines.some((line) => line.length === rule.line.length && line.every((w, i) => w === rule.line[i]));
}

/**
 * The URL as it would be used; for a deny also as written and as the URL parser reads it
 * (`HTTP://Host:443/` is `http://host:443/`, `https://h:443/x` is `https://h/x`): another
 * spelling of a denied address is denied too.
 */
function forms(
  text: string,
  vars: Readonly<Record<string, string | undefined>>,
  use: "deny" | "allow",
): string[] {
  const expanded = expandAll([text], vars)?.[0];
  if (use === "allow") return expanded !== undefined ? [expanded] : [];
  const parsed = expanded !== undefined && URL.canParse(expanded) ? [new URL(expanded).href] : [];
  return [...(expanded !== undefined ? [expanded] : []), text, ...parsed];
}

/** Undefined when a variable is unset without a default: the server would not start anyway. */
function expandAll(words: readonly string[], vars: Readonly<Record<string, string | undefined>>) {
  try {
    return words.map((word) => expandVars(word, vars));
  } catch {
    return undefined;
  }
}

/** `*` matches any characters (`/` too, as claude 2.1.328: `http://127.0.0.1:*` matched `…:47900/mcp`). */
function urlPattern(pattern: string): RegExp {
  const parts = pattern.split("*").map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${parts.join(".*")}$`, "s");
}

function hasVariables(entry: ServerEntry): boolean {
  const c = entry.config;
  if (isSdk(c)) return false;
  const texts = isRemote(c) ? [c.url, ...Object.values(c.headers ?? {})] : [c.command, ...(c.args ?? [])];
  return texts.some((text) => referencedVars(text).length > 0);
}
