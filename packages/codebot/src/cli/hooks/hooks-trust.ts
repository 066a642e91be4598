import { visible } from "../../approval/visible-text.js";
import { stylesFor } from "../output/styles.js";
import type { ProjectFlags } from "../project-flags.js";
import { confirmApproval } from "../read-key.js";
import { writeKeptAside, writeTrustStoreProblem } from "../trust-store-notices.js";
import { loadInventory, projectHooks } from "./hook-inventory.js";
import { approveAll, consentLines, nothingPending, pendingConsent } from "./project-consent.js";
import { withScopedHooks } from "./scoped-inventory.js";

/**
 * `codebot hooks trust [--yes]`: shows the project's hooks (project and local layers) and the
 * permission grants its settings ask for, then approves what is not approved yet — after one y/n
 * key on a terminal, at once with `--yes`. Without a terminal and without `--yes` it only
 * lists, and exits 1.
 */
export async function hooksTrust(flags: ProjectFlags, yes: boolean): Promise<number> {
  const inv = await withScopedHooks(loadInventory(flags));
  const s = stylesFor(process.stdout);
  const hooks = projectHooks(inv);
  const pending = pendingConsent(inv);
  writeTrustStoreProblem(inv.project.trustStore);
  const out: string[] = [
    `project ${visible(inv.cwd)}`,
    `trust store ${visible(inv.project.trustStore.file)}`,
    "",
  ];
  if (hooks.length === 0) out.push("the project configures no hooks");
  for (const { hook } of hooks.filter((h) => h.trust === "approved")) {
    out.push(`${s.bold(hook.event)} ${s.cyan(visible(hook.name))} · ${s.green("approved")}`);
  }
  out.push(...consentLines(inv, pending, s));
  // An `env` value not offered for approval (a PATH folder too large to verify) says why here too.
  for (const problem of inv.problems.filter((p) => p.field?.startsWith("env.")))
    out.push(s.yellow(`not offered: ${problem.field} — ${visible(problem.message)}`));
  out.push("");
  if (nothingPending(pending)) {
    out.push(
      hooks.length > 0 ? s.green("everything the project configures is approved") : "nothing to approve",
    );
    process.stdout.write(`${out.join("\n")}\n`);
    return 0;
  }
  const mcp = pending.mcpServers.length > 0 ? ` and ${pending.mcpServers.length} MCP server(s)` : "";
  const counts = `${pending.hooks.length} hook(s) and ${pending.grants.length} permission grant(s)${mcp}`;
  out.push(`${counts} to approve`);
  process.stdout.write(`${out.join("\n")}\n`);

  if (!(await confirmApproval(yes))) return 1;
  approveAll(inv, pending);
  writeKeptAside(inv.project.trustStore);
  process.stdout.write(
    s.green(`approved ${pending.hooks.length} hook(s) and ${pending.grants.length} grant(s)\n`),
  );
  return 0;
}
