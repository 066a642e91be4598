/**
 * Claude Code's `decision.updatedPermissions` (PermissionRequest): what a hook that allows a call
 * asks to change besides — rules to add, a mode to switch to, directories to add — each for a
 * `destination` (the session, or a settings file). Entries are read one by one: a malformed one
 * is a warning and never costs the hook its allow.
 */
import { z } from "zod";

const destination = z.enum(["userSettings", "projectSettings", "localSettings", "session", "cliArg"]);

const permissionUpdate = z.discriminatedUnion("type", [
  z.object({
    type: z.enum(["addRules", "replaceRules", "removeRules"]),
    rules: z.array(z.object({ toolName: z.string().min(1), ruleContent: z.string().optional() })),
    behavior: z.enum(["allow", "deny", "ask"]),
    destination,
  }),
  z.object({ type: z.literal("setMode"), mode: z.string(), destination }),
  z.object({
    type: z.enum(["addDirectories", "removeDirectories"]),
    directories: z.array(z.string()),
    destination,
  }),
]);

export type PermissionUpdate = z.infer<typeof permissionUpdate>;

/** The well-formed entries of an `updatedPermissions` value; each other entry adds a warning. */
export function permissionUpdatesOf(value: unknown, warnings: string[]): PermissionUpdate[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    warnings.push("hookSpecificOutput.decision.updatedPermissions is not a list; ignored");
    return [];
  }
  const updates: PermissionUpdate[] = [];
  value.forEach((entry, i) => {
    const checked = permissionUpdate.safeParse(entry);
    if (checked.success) updates.push(checked.data);
    else
      warnings.push(
        `hookSpecificOutput.decision.updatedPermissions[${i}] is not a permission update; ignored`,
      );
  });
  return updates;
}
