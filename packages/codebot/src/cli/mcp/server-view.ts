/**
 * What an MCP server entry runs, as every consent screen and listing shows it (the project
 * question, `codebot hooks trust`, `codebot mcp trust`, `codebot mcp list`): one function, so they
 * cannot drift apart. Everything as written, before `${VAR}` expansion — the values of env and
 * headers included, since they are what runs (masked for the user's own entries, which are not
 * approved: shown-config.ts) — with control characters escaped, and the
 * environment variables it gets made to stand out. All of it is in the grant (server-consent.ts).
 */
import { visible } from "../../approval/visible-text.js";
import { referencedVars } from "../../mcp/expand-vars.js";
import { commandLine } from "../../mcp/server-command-line.js";
import { isRemote, isSdk, type ServerConfig } from "../../mcp/server-config.js";
import type { ServerEntry } from "../../mcp/server-entry.js";
import { displayPath } from "../hooks/hook-inventory.js";
import type { Styles } from "../output/styles.js";
import { shownConfig } from "./shown-config.js";
import { uncheckedServerPathLines } from "./unchecked-server-paths.js";

/** The command line, or the transport and url: the first line, and `mcp list --json`'s `runs`. */
export function describeServer(config: ServerConfig): string {
  if (isSdk(config)) return "sdk (the Agent SDK program's in-process server)";
  return isRemote(config) ? `${config.type} ${config.url}` : commandLine(config);
}

/** `runs …`, then its cwd, env, headers, the variables it gets and the project scripts it runs. */
export function serverDetailLines(entry: ServerEntry, cwd: string, s: Styles): string[] {
  // The user's own entries: env and header values masked (shown-config.ts).
  const config = shownConfig(entry);
  const lines = [`runs ${visible(describeServer(config))}`];
  if (isRemote(config)) {
    for (const [name, value] of Object.entries(config.headers ?? {}))
      lines.push(`header: ${visible(name)}: ${visible(value)}`);
  } else if (!isSdk(config)) {
    if (config.cwd !== undefined) lines.push(`cwd: ${visible(config.cwd)}`);
    for (const [name, value] of Object.entries(config.env ?? {}))
      lines.push(`env: ${visible(`${name}=${value}`)}`);
  }
  const vars = environmentVariables(entry);
  if (vars.length > 0) lines.push(s.yellow(`gets environment variables: ${visible(vars.join(", "))}`));
  // A file named by an argument whose role codebot does not know is hashed, not said to run.
  for (const script of entry.scripts) {
    const verb = entry.unknownRole.includes(script) ? "runs or reads" : "runs";
    lines.push(`${verb} ${visible(displayPath(script, cwd))} (its content is approved too)`);
  }
  lines.push(...uncheckedServerPathLines(entry));
  return lines;
}

/** The user's environment variables the entry names with `${VAR}` (a plugin's own variables are not). */
export function environmentVariables(entry: ServerEntry): string[] {
  const c = entry.config;
  const texts = isSdk(c)
    ? []
    : isRemote(c)
      ? [c.url, ...Object.values(c.headers ?? {})]
      : [
          c.command,
          ...(c.args ?? []),
          ...(c.cwd !== undefined ? [c.cwd] : []),
          ...Object.values(c.env ?? {}),
        ];
  const names = new Set(texts.flatMap(referencedVars));
  return [...names].filter((name) => !(name in entry.vars));
}
