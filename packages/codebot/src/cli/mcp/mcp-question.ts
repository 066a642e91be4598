import type { ApprovalAnswer } from "../../approval/approval-types.js";
import { visible } from "../../approval/visible-text.js";
import { describeServer } from "../../mcp/server-consent.js";
import { loadServerEntries } from "../../mcp/server-entries.js";
import { displayPath, type HookInventory, loadInventory } from "../hooks/hook-inventory.js";
import type { Questions } from "../interactive/questions.js";
import type { Styles } from "../output/styles.js";
import type { ProjectFlags } from "../project-flags.js";

/**
 * Before an interactive session starts: the MCP servers of the project's files that are not
 * approved (what each runs, env names, where it is configured), in one question, as for the
 * project's grants. *once* runs them for this session, *always* saves the approval in the trust
 * store (until an entry changes), *deny* starts without them. Returns the inventory to start from.
 */
export async function askProjectMcpServers(
  inventory: HookInventory,
  flags: { project: ProjectFlags; trustProjectHooks: boolean; mcpConfigs?: readonly string[] },
  questions: Questions,
  view: { line(text: string): void },
  s: Styles,
): Promise<HookInventory> {
  const { entries } = loadServerEntries({
    cwd: inventory.cwd,
    layers: inventory.layers,
    ...(flags.mcpConfigs ? { mcpConfigs: flags.mcpConfigs } : {}),
  });
  const pending = entries.filter((e) => e.needsConsent && !inventory.project.isGrantTrusted(e.grant));
  if (pending.length === 0) return inventory;
  view.line(`${s.yellow("?")} the project wants to start MCP servers that are not approved yet:`);
  for (const e of pending) {
    view.line(`  ${s.bold(visible(e.name))}: ${visible(describeServer(e.config))}`);
    view.line(`  ${s.dim(`(${e.origin} ${visible(displayPath(e.file, inventory.cwd))})`)}`);
  }
  const answer = await questions.ask<ApprovalAnswer>(
    "  start them? [o]nce / [a]lways (remember for this project) / [d]eny: ",
    { o: "once", y: "once", a: "always", d: "deny", n: "deny" },
    "deny",
  );
  if (answer === "deny") return inventory;
  const granted = pending.map((e) => e.grant);
  let once = answer === "once";
  if (!once) {
    try {
      inventory.trustStore.trustGrants(granted);
    } catch (error) {
      view.line(
        s.yellow(`could not save the approval (${(error as Error).message}); allowed for this session`),
      );
      once = true;
    }
  }
  return loadInventory(flags.project, {
    trustProjectHooks: flags.trustProjectHooks,
    grantedOnce: [...inventory.project.grantedOnce, ...(once ? granted : [])],
  });
}
