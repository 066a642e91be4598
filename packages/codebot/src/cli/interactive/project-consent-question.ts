import { visible } from "../../approval/visible-text.js";
import { policyRefusal } from "../../session/policy-refusal.js";
import { CliError } from "../cli-error.js";
import { type HookInventory, loadInventory } from "../hooks/hook-inventory.js";
import {
  approveAll,
  consentHeader,
  consentLines,
  nothingPending,
  pendingConsent,
} from "../hooks/project-consent.js";
import { withScopedHooks } from "../hooks/scoped-inventory.js";
import { rowsOfRendered } from "../output/rendered-rows.js";
import type { Styles } from "../output/styles.js";
import { readKey } from "../read-key.js";
import type { SessionFlags } from "../session-flags.js";
import { questionRows } from "./question-rows.js";

/**
 * Before the session starts (so no hook ever waits for the user, and a hook's time and duration
 * never include the question): when the project's settings ask for hooks or grants that are not
 * approved yet, lists them all and asks once — `y` for this session, `a` always (saved for the
 * project), `n` no — with one key. Returns the flags and settings the session starts from.
 * A session the managed settings forbid (policyRefusal) is refused first.
 */
export async function withProjectConsent(
  flags: SessionFlags,
  s: Styles,
): Promise<{ flags: SessionFlags; inventory: HookInventory }> {
  // The project's skills too: their hooks and allowed-tools are asked about with the rest.
  const inventory = await withScopedHooks(
    loadInventory(flags.project, { trustProjectHooks: flags.trustProjectHooks }),
  );
  // Before any question or banner: the machine's policy may forbid this session outright.
  const refusal = policyRefusal(inventory.project, flags.permissionMode);
  if (refusal !== undefined) throw new CliError(visible(refusal));
  const pending = pendingConsent(inventory, { strictMcpConfig: flags.strictMcpConfig === true });
  if (flags.trustProjectHooks || nothingPending(pending)) return { flags, inventory };
  const out = (line: string) => process.stdout.write(`${line}\n`);
  const width = process.stdout.isTTY ? process.stdout.columns : undefined;
  // The header is prose, broken between words; the listing is left as it is, each command exact
  // (breaking between words would close up its runs of spaces).
  const header = s.yellow(consentHeader(inventory, pending));
  out(width === undefined ? header : rowsOfRendered(header, width));
  for (const line of consentLines(inventory, pending, s)) out(line);
  process.stdout.write(
    questionRows(
      `${s.yellow("?")} allow them? ${s.bold("y")} this session · ${s.bold("a")} always (remember for this project) · ${s.bold("n")} no: `,
      width,
    ),
  );
  // A pipe's text is prompts, not an answer typed after reading the list.
  if (!process.stdin.isTTY) {
    out("no (stdin is not a terminal; --trust-project-hooks runs them for one session)");
    return { flags, inventory };
  }
  const answer = await readKey({ y: "once", a: "always", n: "deny" } as const, "deny");
  out(answer === "once" ? "yes, this session" : answer === "always" ? "always" : "no");
  if (answer === "deny") return { flags, inventory };
  if (answer === "always") {
    try {
      approveAll(inventory, pending);
      return { flags, inventory: await withScopedHooks(loadInventory(flags.project)) };
    } catch (error) {
      out(s.yellow(`could not save the approval (${(error as Error).message}); allowed for this session`));
    }
  }
  // Exactly what was listed: a file or script changed meanwhile has other fingerprints or values.
  return {
    flags: { ...flags, hooksApprovedOnce: pending.hooks.map((h) => h.fingerprint) },
    inventory: await withScopedHooks(
      loadInventory(flags.project, {
        grantedOnce: [...pending.grants.map((g) => g.grant), ...pending.mcpServers.map((e) => e.grant)],
      }),
    ),
  };
}
