/**
 * The line a consent screen adds under a project hook whose command runs paths codebot cannot tell
 * the file of (`$PWD/x.sh`, `$(dirname "$0")/x.sh`, a `./gen.sh` that does not exist yet, after
 * `cd "$X"`): their content is not in the hook's fingerprint (HOOKS.md §8), so the user should
 * know to look at them before approving, next to the "runs … (its content is approved too)" lines.
 */
import { type CompiledHook, hookConsent } from "@codebot/hooks";
import { visible } from "../../approval/visible-text.js";
import { commandReferences } from "./command-references.js";

/** `also runs paths codebot cannot check: …`, or nothing; the words as written, control characters escaped. */
export function uncheckedPathLines(hook: CompiledHook, cwd: string): string[] {
  // A user's own hook that runs no program of the project is not approved: no approval to fall short of.
  if (hook.spec.type !== "command" || !hookConsent(hook, cwd).needed) return [];
  const unchecked = commandReferences(hook, cwd)?.unchecked ?? [];
  if (unchecked.length === 0) return [];
  return [
    `also runs paths codebot cannot check: ${visible(unchecked.join(", "))} (their content is not part of the approval)`,
  ];
}
