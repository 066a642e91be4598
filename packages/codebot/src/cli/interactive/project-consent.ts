import { type CompiledHook, referencedScripts } from "@codebot/hooks";
import { visible } from "../../approval/visible-text.js";
import {
  displayPath,
  type HookInventory,
  type InventoryHook,
  loadInventory,
  projectHooks,
} from "../hooks/hook-inventory.js";
import { hookBody, hookEnvText } from "../hooks/hook-view.js";
import type { Styles } from "../output/styles.js";
import type { ProjectFlags } from "../project-flags.js";
import type { Questions } from "./questions.js";

/** How the user answered the project question: saved, for this session, or not at all. */
export type ProjectAnswer = "trust" | "session" | "deny";

/** The keys of the project question, and of the question about a project hook that changed since. */
export const PROJECT_KEYS: Record<string, ProjectAnswer> = { y: "trust", o: "session", n: "deny" };
export const PROJECT_CHOICES = "[y] trust all (remember for this project) · [o] this session only · [n] deny";

export interface ProjectConsent {
  /** The inventory the session starts from: the grants approved now count. */
  inventory: HookInventory;
  /** The answer about each listed hook, by consent fingerprint (the runtime's `hookAnswers`). */
  hookAnswers: Map<string, boolean>;
}

/**
 * Before an interactive session starts, one question about everything the project's settings
 * bring that is not approved yet (HOOKS.md §8): each hook with its event, matcher, exact command
 * and the project scripts it runs, each grant with its value. One key answers for all of them:
 * *y* saves the approval in the trust store, *o* approves for this session, *n* starts without
 * them (the hooks are not asked about again this session unless they change).
 */
export async function askProjectConsent(
  inventory: HookInventory,
  flags: { project: ProjectFlags; trustProjectHooks: boolean },
  questions: Questions,
  view: { line(text: string): void },
  s: Styles,
): Promise<ProjectConsent> {
  const hooks = flags.trustProjectHooks || inventory.disabled ? [] : pendingHooks(inventory);
  const grants = inventory.settings.permissions.untrusted;
  const hookAnswers = new Map<string, boolean>();
  if (hooks.length === 0 && grants.length === 0) return { inventory, hookAnswers };

  view.line(`${s.yellow("?")} this project's settings bring what you have not approved yet:`);
  for (const item of hooks) {
    const [first = "", ...rest] = hookLines(item.hook, inventory.cwd, s);
    const changed = item.trust === "changed since approval" ? s.yellow(" · changed since approval") : "";
    view.line(`  ${first}${changed}`);
    for (const line of rest) view.line(`  ${line}`);
  }
  for (const g of grants)
    view.line(
      `  ${s.bold("grant")} ${visible(g.grant)} ${s.dim(`(${g.source} ${visible(displayPath(g.file, inventory.cwd))})`)}`,
    );
  const answer = await questions.ask(`  ${PROJECT_CHOICES}: `, PROJECT_KEYS, "deny");
  view.line(s.dim(`  ${answerText(answer)}`));

  let session = answer === "session";
  if (answer === "trust") {
    try {
      for (const { hook, fingerprint } of hooks)
        inventory.trustStore.trustHook(fingerprint, {
          event: hook.event,
          source: hook.source,
          label: hook.name,
          path: hook.path,
        });
      if (grants.length > 0) inventory.trustStore.trustGrants(grants.map((g) => g.grant));
    } catch (error) {
      view.line(
        s.yellow(`could not save the approval (${(error as Error).message}); approved for this session`),
      );
      session = true;
    }
  }
  for (const { fingerprint } of hooks) hookAnswers.set(fingerprint, answer !== "deny");
  if (answer === "deny") return { inventory, hookAnswers };
  // Read again: a file changed meanwhile asks for other values, which stay unapproved.
  const fresh = loadInventory(flags.project, {
    trustProjectHooks: flags.trustProjectHooks,
    ...(session ? { grantedOnce: grants.map((g) => g.grant) } : {}),
  });
  return { inventory: fresh, hookAnswers };
}

/** The project's enabled hooks that need an approval. */
function pendingHooks(inventory: HookInventory): InventoryHook[] {
  return projectHooks(inventory).filter((h) => h.hook.enabled && h.trust !== "approved");
}

/**
 * One hook as a consent screen shows it: `hook <Event> [matcher] <name>`, then what it runs, its
 * entry env and the project scripts it runs, each with control characters escaped.
 */
export function hookLines(hook: CompiledHook, cwd: string, s: Styles): string[] {
  const filters = [
    hook.matcher.source === "" ? "" : `matcher ${hook.matcher.source}`,
    hook.ifMatcher === undefined ? "" : `if ${hook.ifMatcher.source}`,
  ].filter(Boolean);
  const matcher = filters.length === 0 ? "" : ` ${s.dim(`[${visible(filters.join(" · "))}]`)}`;
  const lines = [
    `${s.bold("hook")} ${hook.event}${matcher} ${s.cyan(visible(hook.name))} ${s.dim(`(${hook.source} ${visible(displayPath(hook.path, cwd))})`)}`,
    `    ${hook.spec.type}: ${visible(hookBody(hook))}`,
  ];
  const env = hookEnvText(hook);
  if (env !== undefined) lines.push(`    ${s.dim(`with env ${visible(env)}`)}`);
  if (hook.spec.type === "command")
    for (const script of referencedScripts(hook.spec.command, cwd))
      lines.push(`    ${s.dim(`runs ${visible(displayPath(script, cwd))} (its content is approved too)`)}`);
  return lines;
}

export function answerText(answer: ProjectAnswer): string {
  switch (answer) {
    case "trust":
      return "trusted (remembered for this project)";
    case "session":
      return "approved for this session";
    case "deny":
      return "denied: started without them";
  }
}
