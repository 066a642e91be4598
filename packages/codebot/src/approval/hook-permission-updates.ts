/**
 * A PermissionRequest hook's `updatedPermissions` (Claude Code's "allow, and always allow this"),
 * applied as claude 2.1.328 applies them for the session: `addRules` adds allow, ask or deny rules
 * (`{toolName: "Bash", ruleContent: "npm test:*"}` is `Bash(npm test:*)`), `setMode` switches the
 * permission mode. Unlike claude, a destination other than the session (`localSettings`,
 * `projectSettings`, `userSettings`) is not written to that file: the change holds for this
 * session, and the user is told — a hook's answer never edits settings files. What codebot does
 * not do (`replaceRules`, `removeRules`, `addDirectories`, `removeDirectories`, a mode the settings
 * forbid) is told and skipped. A `--permission-prompt-tool`'s allow (the Agent SDK's `canUseTool`)
 * may carry them too, read the same way.
 */
import type { PermissionUpdate } from "@codebot/hooks";
import { MODE_NAMES, modeNamed } from "../settings/permission-modes.js";
import type { PermissionMode } from "../settings/runtime-settings.js";
import { type PermissionRule, parsePermissionRule } from "./permission-rule.js";

export interface PermissionUpdateTarget {
  addRule(behavior: "allow" | "ask" | "deny", rule: PermissionRule): void;
  /** Throws when the mode may not be used (disableBypassPermissionsMode). */
  setMode(mode: PermissionMode): void;
  notify(message: string): void;
}

const SESSION_DESTINATIONS = new Set(["session", "cliArg"]);

export function applyPermissionUpdates(
  updates: readonly PermissionUpdate[],
  /** Who gave them, as the notices name it (`hook <command>`, `canUseTool`). */
  by: string,
  target: PermissionUpdateTarget,
): void {
  const said = (what: string) => target.notify(`${by}: updatedPermissions: ${what}`);
  const files = new Set<string>();
  for (const update of updates) {
    if (!SESSION_DESTINATIONS.has(update.destination)) files.add(update.destination);
    switch (update.type) {
      case "addRules":
        for (const { toolName, ruleContent } of update.rules) {
          const text = ruleContent === undefined ? toolName : `${toolName}(${ruleContent})`;
          const parsed = parsePermissionRule(text);
          if (parsed.ok) target.addRule(update.behavior, parsed.rule);
          else said(`the rule ${JSON.stringify(text)} does not parse (${parsed.error}); skipped`);
        }
        break;
      case "setMode":
        if (!MODE_NAMES.includes(update.mode)) {
          said(`${JSON.stringify(update.mode)} is not a permission mode; skipped`);
          break;
        }
        try {
          target.setMode(modeNamed(update.mode));
        } catch (error) {
          said(`the mode ${update.mode} is not switched to: ${(error as Error).message}`);
        }
        break;
      default:
        said(`${update.type} is not supported by codebot; skipped`);
    }
  }
  if (files.size > 0)
    said(
      `${[...files].join(", ")} ${files.size === 1 ? "is" : "are"} not written; the change holds for this session only`,
    );
}
