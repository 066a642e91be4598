/**
 * What the settings of a project configure, as `hooks list`, `validate` and `trust` show it and
 * as `-p` checks it before starting: the layers, the compiled hooks with their trust state, the
 * merged non-hook settings and every problem. Read with the same loaders the runtime uses.
 */

import path from "node:path";
import {
  type CompiledHook,
  type HookConsent,
  hookConsent,
  hookScripts,
  type Problem,
  type UnmanagedOff,
} from "@codebot/hooks";
import type { TrustStore } from "../../approval/trust-store.js";
import { resolveClaudeHome } from "../../paths/claude-home.js";
import { resolveCodebotHome } from "../../paths/codebot-home.js";
import {
  type ProjectSettings,
  type ProjectTrustOptions,
  projectDirectory,
  projectProblems,
  readProjectSettings,
} from "../../session/project-settings.js";
import { claudeCompatOf } from "../../settings/claude-compat.js";
import type { KeptPlugins } from "../../settings/kept-plugins.js";
import { ownSettingsEnv } from "../../settings/own-settings-env.js";
import type { UntrustedGrant } from "../../settings/runtime-settings.js";
import { CliError } from "../cli-error.js";
import type { ProjectFlags } from "../project-flags.js";

/**
 * Whether a hook runs without asking: the user's own, approved, never approved, or approved before
 * a change; in a session, also approved for it alone (`y` at the project question, `--trust-project-hooks`).
 */
export type TrustState =
  | "own"
  | "approved"
  | "approved for this session"
  | "needs approval"
  | "changed since approval";

export interface InventoryHook {
  hook: CompiledHook;
  trust: TrustState;
  /** What approving it records: the entry and the content of the project scripts it runs. */
  fingerprint: string;
  /** Those scripts, absolute paths (a command hook naming `./hook.sh`, `bash .claude/hooks/x.sh`…). */
  scripts: string[];
}

export interface HookInventory {
  cwd: string;
  codebotHome: string;
  hooks: InventoryHook[];
  /** Every hook is off (`disableAllHooks`; see LoadedHooks). */
  disabled: boolean;
  /** Hooks not from the managed settings do not run, for this reason (LoadedHooks). */
  unmanagedOff?: UnmanagedOff;
  /** Every problem of the settings (projectProblems), and the trust store's. */
  problems: Problem[];
  /**
   * Those of `problems` a session tells again itself as it reads its skills and agents (an
   * unusable file): a session's start leaves them out, so that each is told once.
   */
  toldBySession?: readonly Problem[];
  /**
   * The settings as read (`layers`, `settings`, `trustStore`), for a session to start from
   * (createRuntime's `projectSettings`) instead of reading them again.
   */
  project: ProjectSettings;
}

/**
 * Reads the project's settings. `trustProjectHooks` (a session's `--trust-project-hooks`) counts
 * the project's permission grants as a session would, so a session can start from this read.
 */
export function loadInventory(
  flags: ProjectFlags,
  options: ProjectTrustOptions = {},
  /** A running session's plugins as it loaded them (`/hooks`): listed as they run, their folders not read again. */
  loadedPlugins?: KeptPlugins,
): HookInventory {
  const cwd = projectDirectory(
    flags.cwd,
    (dir) => new CliError(`--cwd: ${dir} does not exist or is not a directory`),
  );
  const codebotHome = resolveCodebotHome(undefined, process.env);
  const project = readProjectSettings(
    {
      cwd,
      codebotHome,
      settingsFiles: flags.settingsFiles,
      pluginDirs: flags.pluginDirs,
      ...(flags.settingSources ? { sources: flags.settingSources } : {}),
      ...(flags.modes ? { modes: flags.modes } : {}),
      ...(flags.trustDir !== undefined ? { trustDir: flags.trustDir } : {}),
      ...(loadedPlugins !== undefined ? { keptPlugins: loadedPlugins, pluginsAsLoaded: true } : {}),
    },
    options,
  );
  const { trustStore, hooks: loaded } = project;
  const problems = projectProblems(project);
  if (trustStore.problem) problems.push({ severity: "warning", message: trustStore.problem });
  // Each fingerprint reads and hashes the scripts its hook runs: made once, for both uses below.
  const settingsEnv = ownSettingsEnv(project.settings);
  const considered = loaded.hooks.map((hook) => ({ hook, consent: consentIn(hook, cwd, settingsEnv) }));
  const current = new Set(considered.map(({ consent }) => consent.fingerprint));
  // Approvals that match no hook any more: an entry (or a script it runs) approved, then edited.
  const outdated = Object.entries(trustStore.snapshot().hooks)
    .filter(([fingerprint]) => !current.has(fingerprint))
    .map(([, approval]) => approval);
  return {
    cwd,
    codebotHome,
    hooks: considered.map(({ hook, consent }) => listed(hook, consent, cwd, trustStore, outdated)),
    disabled: loaded.disabled,
    ...(loaded.unmanagedOff ? { unmanagedOff: loaded.unmanagedOff } : {}),
    problems,
    project,
  };
}

/**
 * One hook as the inventory lists it: what approving it records, the project scripts it runs, and
 * whether it is approved. Skills' and agents' front-matter hooks are listed the same way.
 */
export function inventoryHook(
  hook: CompiledHook,
  cwd: string,
  store: TrustStore,
  settingsEnv: Readonly<Record<string, string>> | undefined,
  outdated: readonly { path: string; event: string }[] = [],
): InventoryHook {
  return listed(hook, consentIn(hook, cwd, settingsEnv), cwd, store, outdated);
}

/**
 * What approving `hook` takes, with the `PATH` and loading variables your own settings' `env`
 * gives it (own-settings-env.ts), as a session works it out: so that `hooks trust` records what
 * the session then finds approved.
 */
function consentIn(
  hook: CompiledHook,
  cwd: string,
  settingsEnv: Readonly<Record<string, string>> | undefined,
): HookConsent {
  return hookConsent(settingsEnv === undefined ? hook : { ...hook, settingsEnv }, cwd);
}

function listed(
  hook: CompiledHook,
  consent: HookConsent,
  cwd: string,
  store: TrustStore,
  outdated: readonly { path: string; event: string }[],
): InventoryHook {
  const { fingerprint } = consent;
  return {
    hook,
    fingerprint,
    // A user's own hook lists every project script it names, approved with it or not.
    scripts: consent.needed ? consent.scripts : hookScripts(hook.spec, cwd, hook.env),
    trust: consent.needed ? trustStateOf({ hook, fingerprint }, store, outdated) : "own",
  };
}

/**
 * "changed since approval": not approved, while an approval recorded for the same file and event
 * no longer matches any hook (is `outdated`) — the entry was most likely edited after it was approved.
 */
function trustStateOf(
  { hook, fingerprint }: { hook: CompiledHook; fingerprint: string },
  store: TrustStore,
  outdated: readonly { path: string; event: string }[],
): TrustState {
  if (store.isHookTrusted(fingerprint)) return "approved";
  return outdated.some((t) => t.path === hook.path && t.event === hook.event)
    ? "changed since approval"
    : "needs approval";
}

/**
 * The hooks that run only once approved for this project: the project's (project and local
 * layers), and the user's own that run a program of the project (hook-consent.ts). What `hooks
 * trust` is about.
 */
export function projectHooks(inventory: HookInventory): InventoryHook[] {
  return inventory.hooks.filter((h) => h.trust !== "own");
}

/** Path relative to the project when inside it (shorter in listings), else absolute. */
export function displayPath(file: string, cwd: string): string {
  const rel = path.relative(cwd, file);
  return rel !== "" && !rel.startsWith("..") && !path.isAbsolute(rel) ? rel : file;
}

/** What a project's skills or custom agents add to the inventory. */
export interface ScopedAdditions {
  /** Their front-matter hooks, compiled. */
  hooks: CompiledHook[];
  /** The problems of reading and compiling them. */
  problems: Problem[];
  /** Those of `problems` a session tells itself as it reads the files (HookInventory.toldBySession). */
  toldBySession: Problem[];
  /** The grants they ask for; one already approved, or already asked for, is left out. */
  grants: UntrustedGrant[];
}

/** The inventory with what a project's skills or custom agents add; unchanged when nothing. */
export function withScopedAdditions(inv: HookInventory, added: ScopedAdditions): HookInventory {
  const project = inv.project;
  const untrusted = [...project.settings.permissions.untrusted];
  for (const ask of added.grants)
    if (!project.isGrantTrusted(ask.grant) && !untrusted.some((g) => g.grant === ask.grant))
      untrusted.push(ask);
  const asked = untrusted.length !== project.settings.permissions.untrusted.length;
  if (added.hooks.length === 0 && added.problems.length === 0 && !asked) return inv;
  const settingsEnv = ownSettingsEnv(project.settings);
  const hooks = added.hooks.map((hook) => inventoryHook(hook, inv.cwd, project.trustStore, settingsEnv));
  const permissions = { ...project.settings.permissions, untrusted };
  return {
    ...inv,
    hooks: [...inv.hooks, ...hooks],
    problems: [...inv.problems, ...added.problems],
    toldBySession: [...(inv.toldBySession ?? []), ...added.toldBySession],
    project: { ...project, settings: { ...project.settings, permissions } },
  };
}

/** Where skills and custom agents are found for the inventory's project, as a session finds them. */
export function scopedHookPlaces(inv: HookInventory) {
  return {
    cwd: inv.cwd,
    codebotHome: inv.codebotHome,
    claudeHome: resolveClaudeHome(undefined, process.env),
    claudeCompat: claudeCompatOf(inv.project.layers, inv.codebotHome),
    plugins: inv.project.plugins,
  };
}
