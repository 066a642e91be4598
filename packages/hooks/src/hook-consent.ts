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
 * managed policy's hooks run as the administrator set them. A plugin only the repository switched
 * on brings its hooks as the project's: the scripts its command runs from the plugin's folder
 * (`${CLAUDE_PLUGIN_ROOT}/hooks/x.sh`, that folder in or out of the project) count as a project
 * hook's do — a local marketplace's plugin runs from its folder, so an edit there (a `git pull` of
 * the repository holding it) ran after the approval without a question.
 */

import type { ContentViews } from "./content-view.js";
import { commandLine } from "./exec-form.js";
import type { HookSpec } from "./executor.js";
import { fingerprintWithScripts } from "./fingerprint.js";
import { envScripts, hookScripts, withSearchPath } from "./hook-scripts.js";
import { knownRoleFiles, scriptReferences } from "./script-references.js";
import type { SettingsSource } from "./settings-layer.js";
import { shellQuote } from "./shell-quote.js";

/** A hook as far as consent is concerned. */
export interface ConsentSubject {
  source: SettingsSource;
  /** The entry's fingerprint (hookFingerprint). */
  fingerprint: string;
  spec: HookSpec;
  /** The entry's own env: the project files its values load count too. */
  env?: Readonly<Record<string, string>>;
  /** The plugin it came with: its folders are `${CLAUDE_PLUGIN_ROOT}` and `${CLAUDE_PLUGIN_DATA}`. */
  plugin?: { root: string; dataDir: string };
  /**
   * What the user's own settings' `env` gives the hook that can make it run a project file: its
   * `PATH` (`"./bin:…"`: a bare name is then the project's program; without one, codebot's own)
   * and its loading variables (`NODE_OPTIONS: "--require ./pre.cjs"`, `BASH_ENV`: every `node`
   * or `bash` the hook starts loads the project's file). The entry's own `env` wins over it.
   */
  settingsEnv?: Readonly<Record<string, string>>;
}

export interface HookConsent {
  /** It runs only once `fingerprint` is approved (trust store, the session's answer, the one-run option). */
  needed: boolean;
  /** The entry's fingerprint tied to the content of `scripts`: what an approval records. */
  fingerprint: string;
  /** The project files whose content the approval covers, absolute paths in order. */
  scripts: string[];
  /**
   * Of a user's own hook, the words that run a file by a name worked out as it runs (inline code
   * `node -e "require('./' + x)"`, `"$root/fmt"` after `root=$(…)`: script-references.ts), as
   * written: held as a project program is, though the approval cannot cover what they run.
   */
  unnamedRuns: string[];
}

const USER_SOURCES: ReadonlySet<SettingsSource> = new Set(["user", "cli", "plugin"]);

/** What approving `hook` in `projectDir` takes, worked out now (a file edited since counts). */
export function hookConsent(hook: ConsentSubject, projectDir: string): HookConsent {
  if (hook.source === "managed")
    return { needed: false, fingerprint: hook.fingerprint, scripts: [], unnamedRuns: [] };
  const own = USER_SOURCES.has(hook.source);
  const views: ContentViews = new Map();
  const { scripts, unnamedRuns } = own
    ? projectPrograms(hook, projectDir, views)
    : { scripts: repositoryScripts(hook, projectDir, views), unnamedRuns: [] };
  return {
    needed: !own || scripts.length > 0 || unnamedRuns.length > 0,
    fingerprint: fingerprintWithScripts(hook.fingerprint, scripts, projectDir, views),
    scripts,
    unnamedRuns,
  };
}

/**
 * The project files a command hook runs in a known role, and those its entry's `env` loads; and
 * the words that run one by a name worked out as it runs. A plugin's own scripts count when its
 * folder is in the project (a local marketplace's plugin runs from its folder): a checkout of
 * another branch changes them as it changes a project program.
 */
function projectPrograms(
  hook: ConsentSubject,
  projectDir: string,
  views: ContentViews,
): { scripts: string[]; unnamedRuns: string[] } {
  if (hook.spec.type !== "command") return { scripts: [], unnamedRuns: [] };
  const spec = hook.plugin === undefined ? hook.spec : withPluginFolders(hook.spec, hook.plugin);
  const env = hook.settingsEnv === undefined ? hook.env : { ...hook.settingsEnv, ...hook.env };
  return ownCommandPrograms(commandLine(spec), projectDir, env, views);
}

/**
 * What a command of the user's own runs of the project — a hook's, and the other programs settings
 * run with the user's rights and no prompt (`statusLine`, `apiKeyHelper`): the project files it
 * runs in a known role, found through the `PATH` it runs with (`env.PATH`, else codebot's), those
 * its `env` loads; and the words that run one by a name worked out as it runs (`unnamedRuns`). Any
 * of either holds it in the project until approved there.
 */
export function ownCommandPrograms(
  command: string,
  projectDir: string,
  env: Readonly<Record<string, string>> | undefined,
  views: ContentViews,
): { scripts: string[]; unnamedRuns: string[] } {
  const references = scriptReferences(withSearchPath(command, env, projectDir), projectDir);
  const programs = knownRoleFiles(references, views);
  for (const [name, value] of Object.entries(env ?? {}))
    for (const file of envScripts(name, value, projectDir, views))
      if (!programs.includes(file)) programs.push(file);
  return { scripts: programs, unnamedRuns: references.unnamedRuns };
}

/** A project or local hook's scripts: the project's, and its plugin's from the plugin's folder. */
function repositoryScripts(hook: ConsentSubject, projectDir: string, views: ContentViews): string[] {
  if (hook.plugin === undefined || hook.spec.type !== "command")
    return hookScripts(hook.spec, projectDir, hook.env, views);
  const spec = withPluginFolders(hook.spec, hook.plugin);
  const scripts = hookScripts(spec, projectDir, hook.env, views);
  for (const file of hookScripts(spec, hook.plugin.root, hook.env, views))
    if (!scripts.includes(file)) scripts.push(file);
  return scripts;
}

/**
 * The command with the plugin's folders in place of `${CLAUDE_PLUGIN_ROOT}` and
 * `${CLAUDE_PLUGIN_DATA}` (or `$CLAUDE_PLUGIN_ROOT`: the hook's environment has them too), so the
 * files it runs from them are found. Pasted as the shell expands the variable (in double quotes
 * or not); a folder whose name the shell would read otherwise (`"`, `$`, `` ` ``, `\`, `'`) is
 * quoted.
 */
function withPluginFolders<S extends { command: string; args?: readonly string[] }>(
  spec: S,
  plugin: { root: string; dataDir: string },
): S {
  const fill = (text: string, quote: (value: string) => string) =>
    text.replace(
      /\$\{(CLAUDE_PLUGIN_ROOT|CLAUDE_PLUGIN_DATA)\}|\$(CLAUDE_PLUGIN_ROOT|CLAUDE_PLUGIN_DATA)\b/g,
      (_, braced, bare) => quote((braced ?? bare) === "CLAUDE_PLUGIN_ROOT" ? plugin.root : plugin.dataDir),
    );
  if (spec.args !== undefined)
    return { ...spec, command: fill(spec.command, String), args: spec.args.map((arg) => fill(arg, String)) };
  return {
    ...spec,
    command: fill(spec.command, (value) => (/["$`\\']/.test(value) ? shellQuote(value) : value)),
  };
}
