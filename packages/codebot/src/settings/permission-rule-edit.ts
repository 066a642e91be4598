import fs from "node:fs";
import path from "node:path";
import {
  editSettingsFile,
  linkTarget,
  readSettingsForEdit,
  writeSettingsValue,
} from "./settings-file-edit.js";

export type RuleKind = "allow" | "ask" | "deny";

/**
 * A settings file `/permissions` writes rules to, as claude 2.1.328's dialog offers them:
 * the project's local file (not checked in), the project's shared one, or yours.
 */
export interface RuleFile {
  place: "local" | "project" | "user";
  file: string;
}

/**
 * Adds `rule` at the end of `permissions.<kind>` of the file, as claude writes it; a rule listed
 * already is left as it is (returns false). The file keeps its other keys, comments and layout;
 * one that cannot be changed is left as it was and the error says why in one line.
 */
export function addRuleToFile(at: RuleFile, kind: RuleKind, rule: string): boolean {
  return editRules(at, kind, (listed) => (listed.includes(rule) ? undefined : [...listed, rule]));
}

/** Takes `rule` out of `permissions.<kind>` of the file (claude leaves `[]`); false when it was not there. */
export function removeRuleFromFile(at: RuleFile, kind: RuleKind, rule: string): boolean {
  return editRules(at, kind, (listed) =>
    listed.includes(rule) ? listed.filter((r) => r !== rule) : undefined,
  );
}

/** The rules `permissions.<kind>` of the file lists now (none when it cannot be read). */
export function rulesInFile(file: string, kind: RuleKind): string[] {
  try {
    const listed = permissionsOf(readSettingsForEdit(file).settings)?.[kind];
    return Array.isArray(listed) ? listed.filter((r): r is string => typeof r === "string") : [];
  } catch {
    return [];
  }
}

function editRules(
  at: RuleFile,
  kind: RuleKind,
  change: (listed: string[]) => string[] | undefined,
): boolean {
  const notSaved = (why: string) => new Error(`${at.file}: ${why}; the rules are not changed`);
  // A repository's link would have the project's file written where it points (outside the project).
  if (at.place !== "user")
    for (const p of [path.dirname(at.file), at.file])
      if (fs.lstatSync(p, { throwIfNoEntry: false })?.isSymbolicLink())
        throw notSaved(`${p} is a symbolic link`);
  try {
    return editSettingsFile(at.place === "user" ? linkTarget(at.file) : at.file, (edit) => {
      const permissions = edit.settings.permissions;
      if (permissions !== undefined && permissionsOf(edit.settings) === undefined)
        throw new Error('"permissions" is not an object');
      const listed = permissionsOf(edit.settings)?.[kind] ?? [];
      if (!Array.isArray(listed)) throw new Error(`"permissions.${kind}" is not a list`);
      const changed = change(listed);
      if (changed === undefined) return false;
      writeSettingsValue(edit, ["permissions", kind], changed);
      return true;
    });
  } catch (error) {
    throw notSaved((error as Error).message);
  }
}

function permissionsOf(settings: Record<string, unknown>): Record<string, unknown> | undefined {
  const permissions = settings.permissions;
  return typeof permissions === "object" && permissions !== null && !Array.isArray(permissions)
    ? (permissions as Record<string, unknown>)
    : undefined;
}
