/**
 * Turns a server entry into a transport: `${VAR}` expanded, a local process in its own group
 * (the user's PATH and HOME, the session's `env`, then the entry's), or a remote server over
 * streamable HTTP (`type: "sse"`: the older SSE transport). Remote URLs of project files go
 * through the SSRF guard.
 */
import path from "node:path";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { FetchLike, Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { expandRecord, expandVars } from "./expand-vars.js";
import { isRemote, isSdk } from "./server-config.js";
import type { ServerEntry } from "./server-entry.js";
import { GroupStdioTransport } from "./stdio-transport.js";

export interface LaunchContext {
  cwd: string;
  /**
   * The session's folders, read at each `roots/list` (the project's first, then those added to it:
   * `--add-dir`, the settings', `/add-dir`'s); absent: `cwd` alone.
   */
  folders?(): readonly string[];
  /** The user's environment (`${VAR}` and the server's inherited variables). */
  env: Readonly<Record<string, string | undefined>>;
  /**
   * The session's `env` setting (user-owned layers and trusted grants only), made for each start:
   * a restart must not load a project file an approved value loads that changed since.
   */
  settingsEnv(): Readonly<Record<string, string>>;
  /** The SSRF-guarded fetch for remote servers of project files. */
  guardedFetch: FetchLike;
  /** The transport to a server of the Agent SDK program, by name (present with stream-json input). */
  sdkTransport?(server: string): Transport;
}

/** What the report of a failed start shows: the command line or the URL. */
export function launchLabel(entry: ServerEntry): string {
  const c = entry.config;
  if (isSdk(c)) return "the Agent SDK program's in-process server";
  return isRemote(c) ? c.url : [c.command, ...(c.args ?? [])].join(" ");
}

/** A transport for the entry; throws (MissingVariable, bad url) when it cannot be made. */
export function transportFor(entry: ServerEntry, ctx: LaunchContext): Transport {
  const vars = { ...ctx.env, ...entry.vars };
  const config = entry.config;
  if (isSdk(config)) {
    if (ctx.sdkTransport === undefined) throw new Error("no Agent SDK program to reach it");
    return ctx.sdkTransport(entry.name);
  }
  if (isRemote(config)) {
    const url = new URL(expandVars(config.url, vars));
    const headers = expandRecord(config.headers, vars) ?? {};
    const fetch = entry.needsConsent ? ctx.guardedFetch : undefined;
    const options = { requestInit: { headers }, ...(fetch ? { fetch } : {}) };
    return config.type === "sse"
      ? new SSEClientTransport(url, options)
      : new StreamableHTTPClientTransport(url, options);
  }
  const cwd = config.cwd ? path.resolve(ctx.cwd, expandVars(config.cwd, vars)) : ctx.cwd;
  return new GroupStdioTransport({
    command: expandVars(config.command, vars),
    args: (config.args ?? []).map((a) => expandVars(a, vars)),
    cwd,
    env: { ...inherited(ctx.env), ...ctx.settingsEnv(), ...(expandRecord(config.env, vars) ?? {}) },
  });
}

/**
 * What a server process inherits: enough to find programs and its user's files, not the API
 * keys of the whole environment (the MCP SDK's own default list, plus the locale and TMPDIR).
 */
const INHERITED = ["HOME", "LOGNAME", "PATH", "SHELL", "TERM", "USER", "LANG", "LC_ALL", "TMPDIR", "TZ"];

function inherited(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of INHERITED) {
    const value = env[name];
    if (value !== undefined && !value.startsWith("()")) out[name] = value;
  }
  return out;
}
