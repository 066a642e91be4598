import type { Problem } from "@codebot/hooks";
import { visible } from "../approval/visible-text.js";
import { policyRefusal } from "../session/policy-refusal.js";
import { problemNotice, problemText } from "../settings/problem-notice.js";
import { CliError } from "./cli-error.js";
import { type HookInventory, loadInventory } from "./hooks/hook-inventory.js";
import type { Styles } from "./output/styles.js";
import type { SessionFlags } from "./session-flags.js";

/** Problems as `error: …` / `warning: …` lines. */
export function problemLines(problems: readonly Problem[], s: Styles): string[] {
  return problems.map(
    (p) => `${p.severity === "error" ? s.red("error") : s.yellow("warning")}: ${problemText(p)}`,
  );
}

/**
 * The settings of a session about to start, checked first: an error means some file or hook was
 * skipped (a guard, perhaps), so a one-shot run refuses to start rather than run without it.
 * The machine's policy is checked before anything else (policyRefusal). Warnings go to `warn`.
 */
export function checkSettings(flags: SessionFlags, warn: (line: string) => void): HookInventory {
  const inventory = loadInventory(flags.project, { trustProjectHooks: flags.trustProjectHooks });
  const refusal = policyRefusal(inventory.project, flags.permissionMode);
  if (refusal !== undefined) throw new CliError(visible(refusal));
  const errors = inventory.problems.filter((p) => p.severity === "error");
  for (const p of inventory.problems) if (p.severity === "warning") warn(problemNotice(p));
  if (errors.length > 0) throw new CliError([...errors.map(problemText), NOT_RUN].join("\ncodebot: "));
  return inventory;
}

/**
 * The last line of a refusal: an error's own words say its file or hook is skipped, which is what
 * a session would do, not what happened here.
 */
const NOT_RUN =
  "nothing was run: a settings file has an error, and a hook or rule in it would be left out (fix it; codebot hooks validate lists the errors)";
