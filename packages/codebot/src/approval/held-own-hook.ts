import path from "node:path";
import { commandLine, type HookSpec } from "@codebot/hooks";
import { visible } from "./visible-text.js";

/**
 * Why a user's own hook was held: the project programs it runs, named, and the words that run
 * one by a name worked out as it runs, which codebot cannot name (hook-consent.ts).
 */
export function heldOwnHookReason(
  scripts: readonly string[],
  projectDir: string,
  unnamedRuns: readonly string[] = [],
): string {
  const programs = scripts.map((file) => path.relative(projectDir, file)).join(", ");
  const code = `what codebot cannot name, which may be files of this project (${unnamedRuns.join(", ")})`;
  const runs =
    unnamedRuns.length === 0
      ? `${programs} from this project`
      : scripts.length === 0
        ? code
        : `${programs} from this project, and ${code}`;
  return `it runs ${runs}, not approved for it yet; run "codebot hooks trust" to review it`;
}

/**
 * The notice for a user's own hook held because it runs `scripts`, programs of the project, or
 * `unnamedRuns`: which hook, from which file, and which programs. The hook is named as its trace
 * line names it: its `name`, else what it runs.
 */
export function heldOwnHookLine(
  hook: { spec: HookSpec; fingerprint: string; path: string; name?: string; derivedName?: true },
  scripts: readonly string[],
  cwd: string,
  unnamedRuns: readonly string[] = [],
): string {
  const name =
    hook.name !== undefined && hook.derivedName !== true
      ? hook.name
      : hook.spec.type === "command"
        ? commandLine(hook.spec)
        : hook.fingerprint.slice(0, 16);
  const why = heldOwnHookReason(scripts, cwd, unnamedRuns);
  // The program's name comes from the repository: shown with control characters written out.
  return visible(
    `codebot: your hook ${JSON.stringify(name)} (${displayFile(hook.path, cwd)}) was not run: ${why}`,
  );
}

/** A settings file as a notice names it: relative to the project when inside it. */
export function displayFile(file: string, cwd: string): string {
  const rel = path.relative(cwd, file);
  return rel.startsWith("..") || path.isAbsolute(rel) ? file : rel;
}
