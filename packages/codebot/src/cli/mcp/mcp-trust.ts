import { visible } from "../../approval/visible-text.js";
import { displayPath } from "../hooks/hook-inventory.js";
import { stylesFor } from "../output/styles.js";
import type { ProjectFlags } from "../project-flags.js";
import { confirmApproval } from "../read-key.js";
import { writeKeptAside, writeTrustStoreProblem } from "../trust-store-notices.js";
import { loadMcpInventory } from "./mcp-inventory.js";
import { serverDetailLines } from "./server-view.js";

/**
 * `codebot mcp trust [--yes]`: shows the MCP servers of the project's files (`.mcp.json`,
 * project and local settings) as every consent screen does (serverDetailLines), and approves
 * those not approved yet, after a y/n question on a terminal or at once with `--yes`. Without a
 * terminal and without `--yes` it only lists, and exits 1. An approval holds until the entry, or
 * a project script it runs, changes.
 */
export async function mcpTrust(flags: ProjectFlags, yes: boolean): Promise<number> {
  const { inventory, servers } = loadMcpInventory(flags);
  const s = stylesFor(process.stdout);
  const project = servers.filter((x) => x.entry.approvalNeeded);
  writeTrustStoreProblem(inventory.project.trustStore);
  const out = [
    `project ${visible(inventory.cwd)}`,
    `trust store ${visible(inventory.project.trustStore.file)}`,
    "",
  ];
  if (project.length === 0) out.push("the project configures no MCP servers");
  for (const { entry, trust } of project) {
    const state = trust === "approved" ? s.green(trust) : s.yellow(trust);
    out.push(`${s.bold(visible(entry.name))} · ${state}`);
    for (const line of serverDetailLines(entry, inventory.cwd, s)) out.push(`  ${line}`);
    out.push(`  from ${entry.origin} ${visible(displayPath(entry.file, inventory.cwd))}`);
  }
  const pending = project.filter((x) => x.trust !== "approved");
  out.push("");
  if (pending.length === 0) {
    out.push(project.length > 0 ? s.green("every project MCP server is approved") : "nothing to approve");
    process.stdout.write(`${out.join("\n")}\n`);
    return 0;
  }
  out.push(`${pending.length} MCP server(s) to approve: they will run on this machine with your permissions`);
  process.stdout.write(`${out.join("\n")}\n`);
  if (!(await confirmApproval(yes))) return 1;
  inventory.project.trustStore.trustGrants(pending.map((x) => x.entry.grant));
  writeKeptAside(inventory.project.trustStore);
  process.stdout.write(s.green(`approved ${pending.length} MCP server(s)\n`));
  return 0;
}
