import type { ApprovalAnswer } from "../../approval/approval-types.js";
import { visible } from "../../approval/visible-text.js";
import { displayPath, type HookInventory, loadInventory } from "../hooks/hook-inventory.js";
import type { Styles } from "../output/styles.js";
import type { ProjectFlags } from "../project-flags.js";
import type { Questions } from "./questions.js";

/**
 * Before an interactive session starts: the grants the project's settings ask for and that are
 * not approved (each with its value: `env:PATH=…`, `model:…`, `allow:…`) in one question.
 * *once* honours them for this session, *always* saves them in the trust store, *deny* starts
 * without them. Returns the inventory the session starts from.
 */
export async function askProjectGrants(
  inventory: HookInventory,
  flags: { project: ProjectFlags; trustProjectHooks: boolean },
  questions: Questions,
  view: { line(text: string): void },
  s: Styles,
): Promise<HookInventory> {
  const grants = inventory.settings.permissions.untrusted;
  if (grants.length === 0) return inventory;
  view.line(`${s.yellow("?")} the project's settings ask for what is not approved yet:`);
  for (const g of grants)
    view.line(
      `  ${s.bold(visible(g.grant))} ${s.dim(`(${g.source} ${visible(displayPath(g.file, inventory.cwd))})`)}`,
    );
  const answer = await questions.ask<ApprovalAnswer>(
    "  allow? [o]nce / [a]lways (remember for this project) / [d]eny: ",
    { o: "once", y: "once", a: "always", d: "deny", n: "deny" },
    "deny",
  );
  if (answer === "deny") return inventory;
  const granted = grants.map((g) => g.grant);
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
  // Read again: a file changed meanwhile asks for other values, which stay unapproved.
  return loadInventory(flags.project, {
    trustProjectHooks: flags.trustProjectHooks,
    ...(once ? { grantedOnce: granted } : {}),
  });
}
