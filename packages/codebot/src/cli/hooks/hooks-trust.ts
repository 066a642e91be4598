import { visible } from "../../approval/visible-text.js";
import { stylesFor } from "../output/styles.js";
import type { ProjectFlags } from "../project-flags.js";
import { askLine } from "../read-input.js";
import { displayPath, loadInventory, projectHooks } from "./hook-inventory.js";
import { hookBody, hookEnvText } from "./hook-view.js";

/**
 * `codebot hooks trust [--yes]`: shows the project's hooks (project and local layers) and the
 * permission grants its settings ask for, then approves what is not approved yet — after a y/n
 * question on a terminal, at once with `--yes`. Without a terminal and without `--yes` it only
 * lists, and exits 1.
 */
export async function hooksTrust(flags: ProjectFlags, yes: boolean): Promise<number> {
  const inv = loadInventory(flags);
  const s = stylesFor(process.stdout);
  const hooks = projectHooks(inv);
  const grants = inv.settings.permissions.untrusted;
  const out: string[] = [`project ${visible(inv.cwd)}`, `trust store ${visible(inv.trustStore.file)}`, ""];
  if (hooks.length === 0) out.push("the project configures no hooks");
  for (const { hook, trust, fingerprint, scripts } of hooks) {
    const state = trust === "approved" ? s.green(trust) : s.yellow(trust);
    out.push(`${s.bold(hook.event)} ${s.cyan(visible(hook.name))} · ${state}`);
    out.push(`  ${hook.spec.type}: ${visible(hookBody(hook))}`);
    const env = hookEnvText(hook);
    if (env !== undefined) out.push(`  env: ${visible(env)}`);
    for (const script of scripts)
      out.push(`  runs ${visible(displayPath(script, inv.cwd))} (its content is approved too)`);
    out.push(
      `  from ${hook.source} ${visible(displayPath(hook.path, inv.cwd))} · fingerprint ${fingerprint.slice(0, 16)}`,
    );
  }
  if (grants.length > 0) {
    out.push("", "permission grants asked for by project settings (not trusted yet):");
    for (const g of grants)
      out.push(`  ${visible(g.grant)} (${g.source} ${visible(displayPath(g.file, inv.cwd))})`);
  }
  const pending = hooks.filter((h) => h.trust !== "approved");
  const total = pending.length + grants.length;
  out.push("");
  if (total === 0) {
    out.push(
      hooks.length > 0 ? s.green("everything the project configures is approved") : "nothing to approve",
    );
    process.stdout.write(`${out.join("\n")}\n`);
    return 0;
  }
  out.push(`${pending.length} hook(s) and ${grants.length} permission grant(s) to approve`);
  process.stdout.write(`${out.join("\n")}\n`);

  if (!yes) {
    if (!process.stdin.isTTY) {
      process.stderr.write("codebot: not approved: stdin is not a terminal; pass --yes to approve them\n");
      return 1;
    }
    const answer = await askLine("approve them? [y/N] ");
    if (!/^y(es)?$/i.test(answer.trim())) {
      process.stdout.write("nothing approved\n");
      return 1;
    }
  }
  for (const { hook, fingerprint } of pending) {
    inv.trustStore.trustHook(fingerprint, {
      event: hook.event,
      source: hook.source,
      label: hook.name,
      path: hook.path,
    });
  }
  if (grants.length > 0) inv.trustStore.trustGrants(grants.map((g) => g.grant));
  process.stdout.write(s.green(`approved ${pending.length} hook(s) and ${grants.length} grant(s)\n`));
  return 0;
}
