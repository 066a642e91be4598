/**
 * Which hooks wait for the user's approval before they run (§8), and what it covers. A project or
 * local hook comes with the repository: its entry and every project file its command runs
 * (hook-scripts.ts). The user's own hooks (user settings, `--settings` files, plugins) are trusted
 * as written, but one whose command runs a program of the project — `npx prettier` runs the
 * project's `node_modules/.bin/prettier`, `./node_modules/.bin/eslint`, `make` the `Makefile` —
 * runs the repository's code, which a fresh clone chose: it is held until that program is approved
 * for this project, and asks again when the program changes, as a project hook's script does. Only
 * files it runs in a role codebot knows count for it, not a file it merely hands an unknown tool
 * (that fails closed for a project hook), so a formatter hook given project files is not held. The
 * managed policy's hooks run as the administrator set them.
 */

import type { ContentViews } from "./content-view.js";
import { commandLine } from "./exec-form.js";
import type { HookSpec } from "./executor.js";
import { fingerprintWithScripts } from "./fingerprint.js";
import { envScripts, hookScripts } from "./hook-scripts.js";
import { filesRunBy } from "./script-references.js";
import type { SettingsSource } from "./settings-layer.js";

/** A hook as far as consent is concerned. */
export interface ConsentSubject {
  source: SettingsSource;
  /** The entry's fingerprint (hookFingerprint). */
  fingerprint: string;
  spec: HookSpec;
  /** The entry's own env: the project files its values load count too. */
  env?: Readonly<Record<string, string>>;
}

export interface HookConsent {
  /** It runs only once `fingerprint` is approved (trust store, the session's answer, the one-run option). */
  needed: boolean;
  /** The entry's fingerprint tied to the content of `scripts`: what an approval records. */
  fingerprint: string;
  /** The project files whose content the approval covers, absolute paths in order. */
  scripts: string[];
}

const USER_SOURCES: ReadonlySet<SettingsSource> = new Set(["user", "cli", "plugin"]);

/** What approving `hook` in `projectDir` takes, worked out now (a file edited since counts). */
export function hookConsent(hook: ConsentSubject, projectDir: string): HookConsent {
  if (hook.source === "managed") return { needed: false, fingerprint: hook.fingerprint, scripts: [] };
  const own = USER_SOURCES.has(hook.source);
  const views: ContentViews = new Map();
  const scripts = own
    ? projectPrograms(hook, projectDir, views)
    : hookScripts(hook.spec, projectDir, hook.env, views);
  return {
    needed: !own || scripts.length > 0,
    fingerprint: fingerprintWithScripts(hook.fingerprint, scripts, projectDir, views),
    scripts,
  };
}

/** The project files a command hook runs in a known role, and those its entry's `env` loads. */
function projectPrograms(hook: ConsentSubject, projectDir: string, views: ContentViews): string[] {
  if (hook.spec.type !== "command") return [];
  const programs = filesRunBy(commandLine(hook.spec), projectDir, views);
  for (const [name, value] of Object.entries(hook.env ?? {}))
    for (const file of envScripts(name, value, projectDir, views))
      if (!programs.includes(file)) programs.push(file);
  return programs;
}
