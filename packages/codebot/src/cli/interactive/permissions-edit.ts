/**
 * `/permissions add <allow|ask|deny> <rule> [--local|--project|--user]` and `/permissions remove
 * [allow|ask|deny] <rule>`: claude 2.1.328's `/permissions` dialog (recorded in tmux: "Add a new
 * rule…" on a tab, the rule typed, then "Where should this rule be saved?" — the project's local
 * file, the project's, yours; a rule picked is deleted from the file it came from), as lines.
 * Without a flag the terminal asks where, in claude's order (Esc: nothing saved); where nothing
 * can be asked (prompts from a pipe), the local file, claude's first answer. The rule is written
 * as claude writes it (`permissions.<kind>`, the file's comments kept) and holds from the next
 * call. An allow rule you add to a project file is approved with it: you wrote it.
 */

import { parsePermissionRule } from "../../approval/permission-rule.js";
import { visible } from "../../approval/visible-text.js";
import { allowGrant } from "../../settings/allow-grant.js";
import {
  addRuleToFile,
  type RuleFile,
  type RuleKind,
  removeRuleFromFile,
  rulesInFile,
} from "../../settings/permission-rule-edit.js";
import { errorMessage } from "../cli-error.js";
import { shownFile } from "../output/shown-file.js";
import { terminalSafe } from "../output/terminal-safe.js";
import { numberedOptions } from "./numbered-options.js";
import type { SlashContext } from "./slash-context.js";

const KINDS: readonly RuleKind[] = ["allow", "ask", "deny"];
const PLACES: Readonly<Record<string, RuleFile["place"]>> = {
  "--local": "local",
  "--project": "project",
  "--user": "user",
};
/** claude's names of the files, in its order. */
const PLACE_LABELS: Readonly<Record<RuleFile["place"], string>> = {
  local: "Project settings (local)",
  project: "Project settings",
  user: "User settings",
};
export const PERMISSIONS_USAGE =
  "/permissions add allow|ask|deny <rule> [--local|--project|--user] · /permissions remove [allow|ask|deny] <rule>";

export async function permissionsEdit(arg: string, ctx: SlashContext): Promise<void> {
  const s = ctx.styles;
  const [verb = "", ...words] = arg.trim().split(/\s+/);
  try {
    if (verb === "add") await addRule(words, ctx);
    else if (verb === "remove" || verb === "delete") removeRule(words, ctx);
    else ctx.print(s.red(`Unknown /permissions command: ${terminalSafe(verb)}. Usage: ${PERMISSIONS_USAGE}`));
  } catch (error) {
    ctx.print(s.red(terminalSafe(errorMessage(error))));
  }
}

async function addRule(words: string[], ctx: SlashContext): Promise<void> {
  const s = ctx.styles;
  const [kind, ...rest] = words;
  const flag = rest.length > 1 ? PLACES[rest[rest.length - 1] as string] : undefined;
  const rule = ruleText(flag === undefined ? rest : rest.slice(0, -1));
  if (!isKind(kind) || rule === "") throw new Error(`Usage: ${PERMISSIONS_USAGE}`);
  const parsed = parsePermissionRule(rule);
  if (!parsed.ok) throw new Error(`${rule} is not a permission rule: ${parsed.error}`);
  const files = ctx.runtime.ruleFiles();
  const place = flag ?? (ctx.ask === undefined ? "local" : await askWhere(rule, kind, files, ctx));
  const at = files.find((f) => f.place === place);
  if (at === undefined) {
    ctx.print(s.dim(`did not add ${visible(rule)}`));
    return;
  }
  const shown = visible(shownFile(at.file, ctx.runtime.cwd));
  if (!addRuleToFile(at, kind, rule)) {
    ctx.print(s.dim(`${visible(rule)} is already a ${kind} rule in ${shown}`));
    return;
  }
  // A project's allow rule needs your approval (a cloned repository's would); you wrote this one.
  if (kind === "allow" && place !== "user")
    ctx.runtime.project.trustStore.trustGrants([allowGrant(rule, ctx.runtime.cwd)]);
  ctx.runtime.rulesEdited([]);
  ctx.print(s.green(`Added ${kind} rule ${visible(rule)} to ${shown}`));
}

function removeRule(words: string[], ctx: SlashContext): void {
  const s = ctx.styles;
  const kinds = isKind(words[0]) ? [words[0]] : KINDS;
  const rule = ruleText(isKind(words[0]) ? words.slice(1) : words);
  if (rule === "") throw new Error(`Usage: ${PERMISSIONS_USAGE}`);
  const lifted: { kind: RuleKind; text: string }[] = [];
  for (const kind of kinds) {
    const from: string[] = [];
    for (const at of editableFiles(ctx))
      if (removeRuleFromFile(at, kind, rule)) from.push(visible(shownFile(at.file, ctx.runtime.cwd)));
    if (ctx.runtime.approval.tools.removeSessionRule(kind, rule)) from.push("this session");
    if (from.length === 0) continue;
    lifted.push({ kind, text: rule });
    ctx.print(s.green(`Deleted ${kind} rule ${visible(rule)} from ${from.join(", ")}`));
  }
  if (lifted.length > 0) {
    ctx.runtime.rulesEdited(lifted);
    return;
  }
  const elsewhere = ctx.runtime.project.layers.find((layer) =>
    kinds.some((kind) => rulesInFile(layer.path, kind).includes(rule)),
  );
  ctx.print(
    s.yellow(
      elsewhere === undefined
        ? `no ${kinds.join(", ")} rule ${visible(rule)} in your or the project's settings`
        : `${visible(rule)} is in ${elsewhere.source} ${visible(shownFile(elsewhere.path, ctx.runtime.cwd))}, which /permissions does not change`,
    ),
  );
}

/** The files a rule is deleted from: those `/permissions add` writes, and your and the project's other files (codebot's and Claude Code's). */
function editableFiles(ctx: SlashContext): RuleFile[] {
  const files = ctx.runtime.ruleFiles();
  for (const layer of ctx.runtime.project.layers) {
    if (layer.source !== "user" && layer.source !== "project" && layer.source !== "local") continue;
    if (!files.some((f) => f.file === layer.path)) files.push({ place: layer.source, file: layer.path });
  }
  return files;
}

/** The rule as typed, its quotes taken off (`"Bash(npm test:*)"`). */
function ruleText(words: readonly string[]): string {
  const text = words.join(" ").trim();
  return /^(["']).*\1$/.test(text) && text.length >= 2 ? text.slice(1, -1).trim() : text;
}

function isKind(word: string | undefined): word is RuleKind {
  return KINDS.includes(word as RuleKind);
}

function askWhere(
  rule: string,
  kind: RuleKind,
  files: readonly RuleFile[],
  ctx: SlashContext,
): Promise<RuleFile["place"] | "no"> {
  const s = ctx.styles;
  const ask = ctx.ask as NonNullable<SlashContext["ask"]>;
  const asked = `${s.yellow("?")} add ${kind} rule ${visible(rule)}: where should it be saved?`;
  const options = files.map((f) => ({
    label: `${PLACE_LABELS[f.place]} ${visible(shownFile(f.file, ctx.runtime.cwd))}`,
    value: f.place,
  }));
  if (ctx.screenReader) {
    const { text, choices } = numberedOptions<RuleFile["place"] | "no">(options);
    return ask(`${asked}\n${text}`, { ...choices, escape: "no" }, "no");
  }
  const line = options.map((o, i) => `${s.bold(String(i + 1))} ${o.label}`).join(" · ");
  const choices = Object.fromEntries(options.map((o, i) => [String(i + 1), o.value]));
  return ask(`${asked}\n  ${line} (Esc: none): `, { ...choices, escape: "no" }, "no");
}
