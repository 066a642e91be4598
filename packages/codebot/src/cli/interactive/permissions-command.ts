/**
 * `/permissions`: the permission rules in force, as claude 2.1.328's dialog lists them (recorded
 * in tmux: tabs Allow, Ask, Deny, each rule with the settings it came from) — printed as lines;
 * `/permissions add` and `remove` change them (permissions-edit.ts).
 */
import type { PermissionRule } from "../../approval/permission-rule.js";
import type { Runtime } from "../../session/runtime.js";
import { rulesInFile } from "../../settings/permission-rule-edit.js";
import { shownFile } from "../output/shown-file.js";
import type { Styles } from "../output/styles.js";
import { terminalSafe } from "../output/terminal-safe.js";

type Kind = "allow" | "ask" | "deny";

/** Each kind's heading, in claude's words for its tabs. */
const HEADINGS: Readonly<Record<Kind, string>> = {
  allow: "Allow — codebot won't ask for these",
  ask: "Ask — codebot always asks before using these",
  deny: "Deny — codebot always refuses these",
};

export function permissionsLines(runtime: Runtime, s: Styles): string[] {
  const rules = runtime.approval.tools.rules;
  const lines = [`permission mode: ${runtime.permissionMode}`];
  for (const kind of ["allow", "ask", "deny"] as const) {
    lines.push(s.bold(HEADINGS[kind]));
    if (rules[kind].length === 0) lines.push(s.dim("  (none)"));
    for (const rule of rules[kind])
      lines.push(`  ${terminalSafe(rule.text)}  ${s.dim(`(${sourceOf(runtime, kind, rule)})`)}`);
  }
  const waiting = runtime.project.settings.permissions.untrusted;
  if (waiting.length > 0) {
    lines.push(s.bold("Not in force — the project's, not approved"));
    for (const grant of waiting)
      lines.push(
        `  ${terminalSafe(grant.grant)}  ${s.dim(`(${grant.source} ${shownFile(grant.file, runtime.cwd)})`)}`,
      );
  }
  lines.push(s.dim("Change them: /permissions add allow|ask|deny <rule> · /permissions remove <rule>"));
  return lines;
}

/**
 * The settings file whose `permissions.<kind>` holds the rule, else the session's (an "always"
 * answer, a hook, a flag). Read as the files are now: `/permissions add` may have written one the
 * session started without.
 */
function sourceOf(runtime: Runtime, kind: Kind, rule: PermissionRule): string {
  const files = [
    ...runtime.project.layers.map((layer) => ({ source: layer.source as string, file: layer.path })),
    ...runtime.ruleFiles().map((at) => ({ source: at.place as string, file: at.file })),
  ];
  for (const { source, file } of files)
    if (rulesInFile(file, kind).includes(rule.text)) return `${source} ${shownFile(file, runtime.cwd)}`;
  return "this session";
}
