/**
 * The lines a consent screen shows for the project files whose content a hook's approval covers:
 * `runs <file>` for one the command runs, `runs or reads <file>` for one an argument names whose
 * role codebot does not know — hashed to fail closed (HOOKS.md §8, script-references.ts), so the
 * screen does not claim it runs.
 */
import { type CompiledHook, hookConsent } from "@codebot/hooks";
import { visible } from "../../approval/visible-text.js";
import { commandReferences } from "./command-references.js";
import { displayPath } from "./hook-inventory.js";

export function scriptLines(hook: CompiledHook, scripts: readonly string[], cwd: string): string[] {
  // A user's own hook that runs no program of the project is not approved: its scripts are
  // listed, not said to be approved with it.
  const approvedToo = hookConsent(hook, cwd).needed ? " (its content is approved too)" : "";
  const unknownRole = commandReferences(hook, cwd)?.unknownRole ?? [];
  return scripts.map((script) => {
    const verb = unknownRole.includes(script) ? "runs or reads" : "runs";
    return `${verb} ${visible(displayPath(script, cwd))}${approvedToo}`;
  });
}
