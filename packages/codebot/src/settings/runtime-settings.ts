import os from "node:os";
import path from "node:path";
import { EFFORT_LEVELS, type EffortLevel } from "@codebot/agentcore";
import type { ContentViews, Problem, ReadDigests, SettingsLayer, SettingsSource } from "@codebot/hooks";
import { USER_OWNED_SOURCES } from "@codebot/hooks";
import type { z } from "zod";
import { type PermissionRule, writeAllowRuleWarning } from "../approval/permission-rule.js";
import { originOfSource, type RuleOrigin } from "../approval/rule-origin.js";
import { realPathOfDeepestAncestor } from "../paths/path-policy.js";
import type { AutoCompactWindow } from "../session/auto-compact-window.js";
import { cheaperThan, type ModelPrice, priceOf } from "../session/model-prices.js";
import { allowGrantRunning, approvedAllowRule, ownAllowRule } from "./allow-grant.js";
import { type ApprovedRun, approvedRun } from "./approved-files.js";
import {
  AUTO_MODE_NOT_FROM_PROJECT,
  type AutoModeLists,
  addAutoModeLists,
  readsAutoMode,
} from "./auto-mode-lists.js";
import { AUTO_MODE_CHANGED_NOTICE, saysAutoMode } from "./auto-mode-notice.js";
import { isClaudeCodeLayer } from "./claude-compat.js";
import { claudeKeysNotUsed, claudeKeysNotUsedMessage } from "./claude-keys-not-used.js";
import { commandGrantRunning, runsProjectPrograms } from "./command-grant.js";
import { parseDroppingInvalid } from "./drop-invalid.js";
import { type EffortCapOfFile, effortCapOfFile } from "./effort-cap.js";
import { envFolderTooLarge, envGrant, envLoadedFiles, MAX_PATH_FOLDER_ENTRIES } from "./env-grant.js";
import { type ManagedPolicy, managedPolicyOf, modeRefusal } from "./managed-policy.js";
import { MODEL_ALIASES } from "./model-aliases.js";
import { modelSettingsKey } from "./model-settings-key.js";
import { cachedFolderEntries } from "./path-folder-entries.js";
import { permissionModeSchema, runtimeKeysSchema, SETTINGS_KEYS } from "./settings-schema.js";
import { type StatusLineSetting, statusLineGrantRunning, statusLineSetting } from "./status-line-grant.js";

export type PermissionMode = z.output<typeof permissionModeSchema>;
export const PERMISSION_MODES: readonly PermissionMode[] = permissionModeSchema.options;

/** A permission grant from a project or local layer that was not honoured because it is not trusted. */
export interface UntrustedGrant {
  /**
   * What the trust store records, name and value: `allow:<rule>`, `mode:acceptEdits`, `model:<spec>`, `agent:<name>`,
   * `env:<NAME>=<value>` (with the content of the project files it runs), `statusLine:<command>` (the same), `disableAllHooks`, `disablePlugin:<id>`. A changed value is another grant,
   * asked about again.
   */
  grant: string;
  source: SettingsSource;
  file: string;
}

/** The non-hook settings, merged over all layers. */
export interface RuntimeSettings {
  /** `provider/id`; the last layer that sets it wins. */
  model?: string;
  /** The custom agent the session runs as unless `--agent` names one; the last layer that sets it wins. */
  agent?: string;
  /**
   * Claude Code's `effortLevel` (`low` … `xhigh`); the last layer that sets it wins. A project's
   * counts without approval, as in claude (it picks no provider and runs nothing), unless it is
   * above the level your own settings set: a repository does not make you pay for more than you
   * chose unasked (grant `effortLevel:<level>`).
   */
  effortLevel?: Exclude<EffortLevel, "max">;
  /**
   * Claude Code's `modelSettings.<model>.effortLevel`, by modelSettingsKey, over `effortLevel`
   * for that model: a later layer's replaces it, and so does a later layer's top-level
   * `effortLevel` other than your user settings' (as claude 2.1.328 reads them). A project's above
   * yours waits for approval as `effortLevel` does.
   */
  effortByModel: Map<string, Exclude<EffortLevel, "max">>;
  /**
   * Claude Code's `alwaysThinkingEnabled`; the last layer that sets it wins, a project's too, but a
   * project's `true` over an earlier `false` waits for the `alwaysThinkingEnabled:true` grant.
   */
  alwaysThinkingEnabled?: boolean;
  /** Claude Code's `promptSuggestionEnabled`; the last layer that sets it wins (cli/prompt-suggestions.ts). */
  promptSuggestionEnabled?: boolean;
  /** Claude Code's `maxEffortLevel` of every file that sets one, a project's too (effort-cap.ts). */
  effortCaps: EffortCapOfFile[];
  permissions: {
    /** The last honoured layer that sets it wins. */
    mode?: PermissionMode;
    /** Honoured allow rules, from every layer, in layer order. */
    allow: PermissionRule[];
    /** Ask rules, from every layer (they only tighten, so a project needs no trust for them). */
    ask: PermissionRule[];
    /** Deny rules, from every layer; they hold in every mode. */
    deny: PermissionRule[];
    /**
     * Folders outside the project the file tools may reach too (Claude Code's
     * `additionalDirectories`), absolute; from a project's files each is a grant (`directory:<path>`).
     */
    directories: string[];
    /** Where each of `directories` came from (the Agent SDK's `list_permission_rules`). */
    directoryOrigins: Map<string, RuleOrigin>;
    /** Grants from project/local layers left out because the project is not trusted for them. */
    untrusted: UntrustedGrant[];
  };
  postStopValidation: { maxAttempts: number };
  /** Per-model settings by `provider/id` (merged per model and field; later layers win). */
  models: Record<string, { contextWindow?: number; price?: ModelPrice }>;
  /** Automatic compaction: on unless a layer turns it off; starts at `threshold` of the context window. */
  compaction: { auto: boolean; threshold: number };
  /** Claude Code's `disableSkillShellExecution`: true from any file (it only restricts) keeps every skill's `` !`cmd` `` from running. */
  skillShellDisabled?: boolean;
  /** Claude Code's `autoCompactWindow` (auto-compact-window.ts); the last layer that sets it wins. */
  autoCompactWindow?: AutoCompactWindow;
  /**
   * `worktree.baseRef` (Claude Code's): what `--worktree` makes a new git worktree from; the last
   * layer that sets it wins (a project's too: it runs nothing, it only picks a commit).
   */
  worktreeBaseRef?: "fresh" | "head";
  /** Environment for tools and hooks (top-level `env`); user-owned layers and trusted project grants only. */
  env: Record<string, string>;
  /**
   * The project files the project's approved `env` values load into every `bash` call, as
   * approved (`BASH_ENV=./setup.sh`): bash refuses to run once one changed, or one appeared
   * (approved-files.ts).
   */
  envFiles: ApprovedRun[];
  /** How long the first prompt waits for MCP servers, in ms; the last layer that sets it wins. */
  mcpStartupTimeout?: number;
  /** What the settings forbid for the whole session (`bypassPermissions`; rules other than the managed ones). */
  policy: ManagedPolicy;
  /** Claude Code's `autoMode` lists for auto mode's classifier, from the files that may set them (auto-mode-lists.ts). */
  autoMode: AutoModeLists;
  /** The command whose output is the interactive status line (a project's once approved). */
  statusLine?: StatusLineSetting;
  /**
   * The command that prints the Anthropic API key (Claude Code's); from the user's own settings
   * only, and, when it runs a program of the project, once approved there (with those files).
   */
  apiKeyHelper?: ApiKeyHelperSetting;
}

/** The user's `apiKeyHelper` as the session runs it. */
export interface ApiKeyHelperSetting {
  command: string;
  /** Where it runs: the project folder its files were checked in (not codebot's own, under `--cwd` or `-w`). */
  cwd?: string;
  /** The project files it runs, as approved (maybe none): a later run refuses once one changed or a new one would run. */
  approved?: ApprovedRun;
}

export interface MergeOptions {
  /** Whether a grant (see UntrustedGrant) from a project or local layer is trusted. */
  isGrantTrusted(grant: string): boolean;
  /** The project: an `env` grant that runs project files covers their content too (envGrant). */
  projectDir?: string;
}

const DEFAULT_MAX_ATTEMPTS = 3;
const DEFAULT_COMPACTION_THRESHOLD = 0.85;

/**
 * The modes from the one that lets the least run unasked to the one that lets the most: `plan`
 * runs nothing that changes anything, `dontAsk` only what rules allow, `ask` asks for the rest,
 * `acceptEdits` also edits, `auto` also runs what its classifier allows, `bypassPermissions` runs everything. A project may move the mode towards the front
 * (restrict) freely; towards the back (loosen) only once trusted.
 */
const MODES_BY_LATITUDE: readonly PermissionMode[] = [
  "plan",
  "dontAsk",
  "ask",
  "acceptEdits",
  "auto",
  "bypassPermissions",
];

/** Whether `mode` lets more run unasked than `current` (no mode yet: the default, `ask`). */
function loosens(mode: PermissionMode, current: PermissionMode = "ask"): boolean {
  return MODES_BY_LATITUDE.indexOf(mode) > MODES_BY_LATITUDE.indexOf(current);
}

/** Keys only the user's own settings may set; in a project file they are ignored, and said so. */
const USER_ONLY_KEYS = ["claudeCompat", "claudePlugins", "apiKeyHelper"] as const;

/**
 * The managed layers last: they come first in hook order (a policy guard runs before the user's
 * hooks) but win every value they set, as Claude Code's managed settings do.
 */
function inPrecedenceOrder(layers: readonly SettingsLayer[]): SettingsLayer[] {
  return [...layers.filter((l) => l.source !== "managed"), ...layers.filter((l) => l.source === "managed")];
}

/**
 * Merges the layers: scalars from later layers override earlier ones; rules add up.
 * Each layer is validated with the settings schema: a bad value is a warning naming its key and
 * is ignored, the rest of the file still counts; an unknown key is a warning too (not in Claude
 * Code's own files, which have keys of their own). A repository must not grant itself power:
 * from project and local layers, `allow` rules, a mode that loosens the one set before it (a
 * project's `dontAsk` over the user's `plan` too), `model` and `env` values are honoured only when
 * trusted, each by its value; `ask`/`deny` rules and the modes that only restrict always are.
 * The managed layers win every value they set; a bad value there is an error (the policy would
 * not hold), and their `allowManagedPermissionRulesOnly` leaves every other layer's rules out.
 */
export function mergeSettings(
  layers: readonly SettingsLayer[],
  options: MergeOptions,
): { settings: RuntimeSettings; problems: Problem[] } {
  const problems: Problem[] = [];
  const settings: RuntimeSettings = {
    permissions: {
      allow: [],
      ask: [],
      deny: [],
      directories: [],
      directoryOrigins: new Map(),
      untrusted: [],
    },
    postStopValidation: { maxAttempts: DEFAULT_MAX_ATTEMPTS },
    models: {},
    effortCaps: [],
    effortByModel: new Map(),
    compaction: { auto: true, threshold: DEFAULT_COMPACTION_THRESHOLD },
    env: {},
    envFiles: [],
    policy: managedPolicyOf(layers),
    autoMode: {},
  };
  const { policy } = settings;
  const managedRules = {
    allow: [] as PermissionRule[],
    ask: [] as PermissionRule[],
    deny: [] as PermissionRule[],
  };
  /** The `effortLevel` your own settings set so far, and per model: a project's above it waits for approval. */
  let ownEffort: EffortLevel | undefined;
  const ownByModel = new Map<string, EffortLevel>();
  /** Whether `level` is above a level of your own it would replace (any of them: `modelSettings` too). */
  const aboveOwn = (level: EffortLevel, own: Iterable<EffortLevel | undefined>): boolean =>
    [...own].some((mine) => mine !== undefined && EFFORT_LEVELS.indexOf(level) > EFFORT_LEVELS.indexOf(mine));
  for (const layer of inPrecedenceOrder(layers)) {
    // A document that is not an object is the hooks loader's to report.
    if (!isObject(layer.settings)) continue;
    // A bad value in the managed settings is an error (the policy would not hold); an unknown key is not.
    const managed = layer.source === "managed";
    const report = (field: string, message: string, unknownKey = false) =>
      problems.push({
        severity: managed && !unknownKey ? "error" : "warning",
        scope: "settings",
        file: layer.path,
        field,
        message: `${message}; ignored`,
      });
    const userOwned = USER_OWNED_SOURCES.has(layer.source);
    /** Whether `grant` is approved; listed as waiting for approval when not. */
    const grantTrusted = (grant: string): boolean => {
      if (options.isGrantTrusted(grant)) return true;
      settings.permissions.untrusted.push({ grant, source: layer.source, file: layer.path });
      return false;
    };
    const granted = (grant: string): boolean => userOwned || grantTrusted(grant);
    /** The `PATH` your statusLine and apiKeyHelper run with, as far as your own settings set one (this file's first). */
    const ownPath = (value: { env?: Record<string, string> }): string | undefined =>
      userOwned ? (value.env?.PATH ?? settings.env.PATH) : undefined;
    const claudeFile = isClaudeCodeLayer(layer);
    /** A warning of its own: not the key's value dropped ("…; ignored"), never an error (the managed file still counts). */
    const note = (field: string, message: string) =>
      problems.push({ severity: "warning", scope: "settings", file: layer.path, field, message });
    let input = layer.settings;
    if (claudeFile) {
      input = withAnthropicModel(input);
      const notUsed = claudeKeysNotUsed(layer.settings);
      if (notUsed.length > 0) note(notUsed[0] ?? "", claudeKeysNotUsedMessage(notUsed));
    }

    const { value, rejected } = parseDroppingInvalid(runtimeKeysSchema, input);
    for (const r of rejected) {
      if (r.unknownKey && claudeFile) continue;
      report(r.field, r.key === "" ? r.message : `${r.key}: ${r.message}`, r.unknownKey);
    }
    if (!claudeFile) {
      for (const key of Object.keys(layer.settings)) {
        if (!SETTINGS_KEYS.has(key)) report(key, `unknown key "${key}"`, true);
      }
    }
    if (value === undefined) continue;
    if (!claudeFile && saysAutoMode(value.permissions)) note("permissions", AUTO_MODE_CHANGED_NOTICE);

    if (value.autoMode !== undefined) {
      if (readsAutoMode(layer.source)) addAutoModeLists(settings.autoMode, value.autoMode);
      else report("autoMode", AUTO_MODE_NOT_FROM_PROJECT);
    }
    if (!managed && value.allowManagedPermissionRulesOnly !== undefined)
      report(
        "allowManagedPermissionRulesOnly",
        "allowManagedPermissionRulesOnly is only honoured in the managed settings",
      );
    if (!userOwned) {
      for (const key of USER_ONLY_KEYS) {
        if ((layer.settings as Record<string, unknown>)[key] !== undefined)
          report(key, `${key} is only honoured in your user settings, not in a project's`);
      }
    }
    // A project's model decides which provider (and which of the user's keys) gets the prompts.
    if (value.model !== undefined && granted(`model:${value.model}`)) settings.model = value.model;
    if (value.effortLevel !== undefined) {
      if (userOwned) ownEffort = value.effortLevel;
      // Beyond your user settings, a top-level effortLevel replaces the per-model ones before it.
      const replacesPerModel = layer.source !== "user";
      const raises = aboveOwn(value.effortLevel, [
        ownEffort,
        ...(replacesPerModel ? ownByModel.values() : []),
      ]);
      if (!raises || granted(`effortLevel:${value.effortLevel}`)) {
        settings.effortLevel = value.effortLevel;
        if (replacesPerModel) settings.effortByModel.clear();
      }
    }
    for (const [model, own] of Object.entries(value.modelSettings ?? {})) {
      if (own.effortLevel === undefined) continue;
      const key = modelSettingsKey(model);
      if (userOwned) ownByModel.set(key, own.effortLevel);
      const raises = aboveOwn(own.effortLevel, [ownByModel.get(key) ?? ownEffort]);
      if (!raises || granted(`effortLevel:${own.effortLevel}`))
        settings.effortByModel.set(key, own.effortLevel);
    }
    // A project's true after your false would have thinking (and its tokens) back: that waits for approval.
    const thinksAgain = value.alwaysThinkingEnabled === true && settings.alwaysThinkingEnabled === false;
    if (value.alwaysThinkingEnabled !== undefined && (!thinksAgain || granted("alwaysThinkingEnabled:true")))
      settings.alwaysThinkingEnabled = value.alwaysThinkingEnabled;
    if (value.promptSuggestionEnabled !== undefined)
      settings.promptSuggestionEnabled = value.promptSuggestionEnabled;
    const cap = effortCapOfFile(value);
    if (cap !== undefined) settings.effortCaps.push(cap);
    // A project's agent replaces the main agent's instructions, tools and model.
    if (value.agent !== undefined && granted(`agent:${value.agent}`)) settings.agent = value.agent;
    const mode = value.permissions?.mode ?? value.permissions?.defaultMode;
    // `--restricted` alone does not refuse a file's bypassPermissions here (policy-refusal.ts does).
    const disabled =
      (mode === "bypassPermissions" && policy.bypassDisabledBy !== undefined) ||
      (mode === "auto" && policy.autoModeDisabledBy !== undefined);
    if (disabled) report("permissions", `mode ${mode}: ${modeRefusal(policy, mode)}`);
    else if (mode !== undefined && (!loosens(mode, settings.permissions.mode) || granted(`mode:${mode}`)))
      settings.permissions.mode = mode;
    const rules = managed ? managedRules : settings.permissions;
    /** The rule, named with the file it came from (copied: a parsed rule may be shared). */
    const from = (rule: PermissionRule): PermissionRule => ({
      ...rule,
      origin: originOfSource(layer.source),
    });
    for (const rule of value.permissions?.allow ?? []) {
      if (rule.tool === "write" && rule.path !== undefined)
        report("permissions", writeAllowRuleWarning(rule.text));
      // The grant reads and hashes the files the rule's command runs: only for a project's rules.
      if (managed) {
        rules.allow.push(from(rule));
        continue;
      }
      if (userOwned) {
        const own = ownAllowRule(rule, options.projectDir, options.isGrantTrusted);
        if ("rule" in own) rules.allow.push(from(own.rule));
        else
          settings.permissions.untrusted.push({
            grant: own.untrusted,
            source: layer.source,
            file: layer.path,
          });
        continue;
      }
      const approved = allowGrantRunning(rule.text, options.projectDir);
      if (granted(approved.grant))
        rules.allow.push(from(approvedAllowRule(rule, approved, options.projectDir)));
    }
    // A folder the file tools may reach widens what the model can read and edit: a project's needs trust.
    for (const dir of value.permissions?.additionalDirectories ?? []) {
      const folder = additionalDirectory(dir, options.projectDir);
      if (!settings.permissions.directories.includes(folder) && granted(`directory:${folder}`)) {
        settings.permissions.directories.push(folder);
        settings.permissions.directoryOrigins.set(folder, originOfSource(layer.source));
      }
    }
    rules.ask.push(...(value.permissions?.ask ?? []).map(from));
    rules.deny.push(...(value.permissions?.deny ?? []).map(from));
    const maxAttempts = value.postStopValidation?.maxAttempts;
    if (maxAttempts !== undefined) settings.postStopValidation.maxAttempts = maxAttempts;
    if (value.mcpStartupTimeout !== undefined) settings.mcpStartupTimeout = value.mcpStartupTimeout;
    if (value.statusLine !== undefined) {
      const setting = statusLineSetting(value.statusLine);
      // A project's runs a program at every prompt: a grant, tied to the files it runs. Yours
      // too once it runs a program of this project (`npx ccstatusline`: a cloned repository's
      // node_modules/.bin/ccstatusline), as your own hooks are held (hook-consent.ts).
      // Checked again before each run, also when it runs nothing of the project now (a program
      // the model writes would run at every prompt).
      const approved = statusLineGrantRunning(setting.command, options.projectDir, ownPath(value));
      const checked = approved.run === undefined ? setting : { ...setting, approved: approved.run };
      if (userOwned && !runsProjectPrograms(approved)) settings.statusLine = checked;
      else if (grantTrusted(approved.grant)) settings.statusLine = checked;
    }
    if (userOwned && value.apiKeyHelper !== undefined) {
      // Yours, but `npx key-helper` or `./scripts/key.sh` runs what a cloned repository ships,
      // before the first prompt: held as your own status line is, until approved there.
      const approved = commandGrantRunning(
        "apiKeyHelper",
        value.apiKeyHelper,
        options.projectDir,
        ownPath(value),
      );
      const helper = {
        command: value.apiKeyHelper,
        ...(options.projectDir !== undefined ? { cwd: options.projectDir } : {}),
      };
      const checked = approved.run === undefined ? helper : { ...helper, approved: approved.run };
      if (!runsProjectPrograms(approved) || grantTrusted(approved.grant)) settings.apiKeyHelper = checked;
    }
    for (const [spec, own] of Object.entries(value.models ?? {})) {
      // A project's price below the known one (or for a model with none) would make
      // --max-budget-usd and the cost shown count less than is spent: it waits for approval.
      const known = priceOf(spec, settings.models);
      const lowers = own.price !== undefined && (known === undefined || cheaperThan(own.price, known));
      const { price: _held, ...rest } = own;
      const taken = lowers && !granted(`price:${spec}=${JSON.stringify(own.price)}`) ? rest : own;
      settings.models[spec] = { ...settings.models[spec], ...taken };
    }
    if (value.disableSkillShellExecution === true) settings.skillShellDisabled = true;
    // Claude Code's name first, so codebot's own key wins within one file.
    if (value.autoCompactEnabled !== undefined) settings.compaction.auto = value.autoCompactEnabled;
    if (value.compaction?.auto !== undefined) settings.compaction.auto = value.compaction.auto;
    if (value.compaction?.threshold !== undefined) settings.compaction.threshold = value.compaction.threshold;
    if (value.autoCompactWindow !== undefined) settings.autoCompactWindow = value.autoCompactWindow;
    if (value.worktree?.baseRef !== undefined) settings.worktreeBaseRef = value.worktree.baseRef;
    for (const [name, text] of Object.entries(value.env ?? {})) {
      const tooLarge =
        userOwned || options.projectDir === undefined
          ? undefined
          : envFolderTooLarge(name, text, options.projectDir);
      if (tooLarge !== undefined) {
        // Not offered for approval: its programs could not all be checked before each call.
        report(
          `env.${name}`,
          `${tooLarge} has more than ${MAX_PATH_FOLDER_ENTRIES} entries, too many to verify before each command; set PATH in your own settings, or point it at a folder of the programs you need`,
        );
        continue;
      }
      // What the grant's digest read, so that its approved files below are not read again.
      const read: ReadDigests = new Map();
      if (!userOwned && !granted(envGrant(name, text, options.projectDir, read))) continue;
      settings.env[name] = text;
      // A later layer's value for the same variable replaces what the earlier one loaded.
      settings.envFiles = settings.envFiles.filter((run) => run.approvedFor !== name);
      const projectDir = options.projectDir;
      if (!userOwned && projectDir !== undefined) {
        const list = cachedFolderEntries();
        const loads = () => envLoadedFiles(name, text, projectDir, undefined, list);
        const views: ContentViews = new Map();
        settings.envFiles.push(
          approvedRun(name, envLoadedFiles(name, text, projectDir, views), loads, views, read),
        );
      }
    }
  }
  takeManagedRules(settings, managedRules, layers, problems);
  return { settings, problems };
}

/**
 * The managed rules join the others, or, under `allowManagedPermissionRulesOnly`, replace them:
 * each other file that has rules is told its rules are ignored.
 */
function takeManagedRules(
  settings: RuntimeSettings,
  managed: { allow: PermissionRule[]; ask: PermissionRule[]; deny: PermissionRule[] },
  layers: readonly SettingsLayer[],
  problems: Problem[],
): void {
  const { permissions, policy } = settings;
  if (policy.managedRulesOnlyBy === undefined) {
    permissions.allow.push(...managed.allow);
    permissions.ask.push(...managed.ask);
    permissions.deny.push(...managed.deny);
    return;
  }
  permissions.allow = managed.allow;
  permissions.ask = managed.ask;
  permissions.deny = managed.deny;
  // Untrusted allow rules no longer matter: no trust would make them count.
  permissions.untrusted = permissions.untrusted.filter((g) => !g.grant.startsWith("allow:"));
  for (const layer of layers) {
    if (layer.source === "managed" || !hasRules(layer.settings)) continue;
    problems.push({
      severity: "warning",
      scope: "settings",
      file: layer.path,
      field: "permissions",
      message: `only the managed settings' permission rules count (allowManagedPermissionRulesOnly in ${policy.managedRulesOnlyBy}); this file's allow, ask and deny rules are ignored`,
    });
  }
}

function hasRules(settings: unknown): boolean {
  const permissions = isObject(settings) ? settings.permissions : undefined;
  return isObject(permissions) && ["allow", "ask", "deny"].some((k) => Array.isArray(permissions[k]));
}

/**
 * Claude Code's `model` is an alias (`opus`) or a bare Anthropic id: codebot reads it as the
 * Anthropic model it names.
 */
function withAnthropicModel(settings: Record<string, unknown>): Record<string, unknown> {
  const model = settings.model;
  if (typeof model !== "string" || model.includes("/") || model.trim() === "") return settings;
  return { ...settings, model: MODEL_ALIASES[model.toLowerCase()] ?? `anthropic/${model}` };
}

/**
 * An `additionalDirectories` entry as the real folder it names: `~/` from your home, a relative
 * one from the project, symlinks followed — so what a project's grant names is where it leads
 * (a `./docs` linked to `~/.ssh` is asked about as `~/.ssh`).
 */
function additionalDirectory(dir: string, projectDir: string | undefined): string {
  const abs =
    dir === "~" || dir.startsWith("~/")
      ? path.join(os.homedir(), dir.slice(1))
      : path.resolve(projectDir ?? process.cwd(), dir);
  return realPathOfDeepestAncestor(abs);
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** The `env` of the managed settings alone, merged as mergeSettings merges every layer's. */
export function managedEnvOf(layers: readonly SettingsLayer[]): Record<string, string> {
  const managed = layers.filter((layer) => layer.source === "managed");
  return managed.length === 0 ? {} : mergeSettings(managed, { isGrantTrusted: () => true }).settings.env;
}
