import { createGuardedFetch, formatProblem } from "@codebot/hooks";
import type { FetchLike } from "@modelcontextprotocol/sdk/shared/transport.js";
import { visible } from "../../approval/visible-text.js";
import { McpServers, type ServerStatus } from "../../mcp/mcp-servers.js";
import { stylesFor } from "../output/styles.js";
import type { ProjectFlags } from "../project-flags.js";
import { loadMcpInventory } from "./mcp-inventory.js";
import { serverLines } from "./mcp-lines.js";
import { describeServer, environmentVariables, serverDetailLines } from "./server-view.js";
import { shownConfig } from "./shown-config.js";

/**
 * `codebot mcp list [--json]`: every MCP server of the project with where it came from, what it
 * runs, whether it may run, and — after starting the ones that may, as a session would, and
 * stopping them again — its state and tools. Servers that need approval are not started.
 */
export async function mcpList(
  flags: ProjectFlags,
  json: boolean,
  mcpConfigs: readonly string[] = [],
): Promise<number> {
  const { inventory, servers, problems } = loadMcpInventory(flags, mcpConfigs);
  const failures: string[] = [];
  const guarded = createGuardedFetch({ allowList: inventory.project.httpAllowList.hosts });
  const mayRun = new Set(
    servers.filter((x) => x.trust === "own" || x.trust === "approved").map((x) => x.entry),
  );
  const running = new McpServers({
    entries: servers.map((x) => x.entry),
    isApproved: (entry) => mayRun.has(entry),
    launch: {
      cwd: inventory.cwd,
      env: process.env,
      settingsEnv: () => inventory.project.settings.env,
      guardedFetch: guarded.fetch as FetchLike,
    },
    ...(inventory.project.settings.mcpStartupTimeout !== undefined
      ? { startupTimeoutMs: inventory.project.settings.mcpStartupTimeout }
      : {}),
    tools: [],
    notify: (message) => failures.push(message),
  });
  running.start();
  await running.ready();
  // A name may be listed twice (your own server running, the project's of that name not approved).
  const status = new Map<string, ServerStatus>(
    running
      .status()
      .filter((r) => r.state !== "not approved")
      .map((r) => [r.name, r]),
  );
  await running.close();
  await guarded.close();

  const rows = servers.map(({ entry, trust }) => {
    const s = status.get(entry.name);
    return {
      entry,
      name: entry.name,
      origin: entry.origin,
      file: entry.file,
      trust,
      state: mayRun.has(entry) ? (s?.state ?? "failed") : "not approved",
      tools: s?.tools ?? [],
      ...(s?.error ? { error: s.error } : {}),
    };
  });
  if (json) {
    // What it runs as written, the variables it gets and the scripts it runs: what an approval covers.
    const wire = rows.map(({ entry, ...row }) => ({
      ...row,
      runs: describeServer(entry.config),
      config: shownConfig(entry),
      env_vars: environmentVariables(entry),
      scripts: entry.scripts,
      unchecked: entry.unchecked,
    }));
    process.stdout.write(
      `${JSON.stringify({ servers: wire, problems: problems.map(formatProblem) }, null, 2)}\n`,
    );
    return 0;
  }
  const st = stylesFor(process.stdout);
  const shown = rows.map(({ entry, ...row }) => ({
    ...row,
    details: serverDetailLines(entry, inventory.cwd, st),
  }));
  const out = serverLines(shown, inventory.cwd, st);
  for (const problem of problems) out.push(st.yellow(visible(formatProblem(problem))));
  process.stdout.write(`${out.join("\n")}\n`);
  for (const failure of failures) process.stderr.write(`${visible(failure)}\n`);
  return 0;
}
