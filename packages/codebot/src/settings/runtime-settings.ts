import path from "node:path";
import type { SettingsLayer, SettingsSource } from "@codebot/hooks";
import { USER_OWNED_SOURCES } from "@codebot/hooks";
import type { z } from "zod";
import type { PermissionRule } from "../approval/permission-rule.js";
import { parseDroppingInvalid } from "./drop-invalid.js";
import type { SettingsProblem } from "./settings-problem.js";
import { permissionModeSchema, runtimeKeysSchema, SETTINGS_KEYS } from "./settings-schema.js";

export type PermissionMode = z.output<typeof permissionModeSchema>;
export const PERMISSION_MODES: readonly PermissionMode[] = permissionModeSchema.options;

/** A permission grant from a project or local layer that was not honoured because it is not trusted. */
export interface UntrustedGrant {
  /**
   * What the trust store records, name and value: `allow:<rule>`, `mode:auto`, `model:<spec>`,
   * `env:<NAME>=<value>`. A changed value is another grant, asked about again.
   */
  grant: string;
  source: SettingsSource;
  file: string;
}

/** The non-hook settings, merged over all layers. */
export interface RuntimeSettings {
  /** `provider/id`; the last layer that sets it wins. */
  model?: string;
  permissions: {
    /** The last honoured layer that sets it wins. */
    mode?: PermissionMode;
    /** Honoured allow rules, from every layer, in layer order. */
    allow: PermissionRule[];
    /** Grants from project/local layers left out because the project is not trusted for them. */
    untrusted: UntrustedGrant[];
  };
  postStopValidation: { maxAttempts: number };
  /** Per-model settings by `provider/id` (merged per model and field; later layers win). */
  models: Record<string, { contextWindow?: number }>;
  /** Automatic compaction: on unless a layer turns it off; starts at `threshold` of the context window. */
  compaction: { auto: boolean; threshold: number };
  /** Environment for tools and hooks (top-level `env`); user-owned layers and trusted project grants only. */
  env: Record<string, string>;
}

export interface MergeOptions {
  /** Whether a grant (see UntrustedGrant) from a project or local layer is trusted. */
  isGrantTrusted(grant: string): boolean;
}

const DEFAULT_MAX_ATTEMPTS = 3;
const DEFAULT_COMPACTION_THRESHOLD = 0.85;

/**
 * Merges the layers: scalars from later layers override earlier ones; allow rules add up.
 * Each layer is validated with the settings schema: a bad value is a warning naming its key and
 * is ignored, the rest of the file still counts; an unknown key is a warning too (not in Claude
 * Code's own files, which have keys of their own). A repository must not grant itself power:
 * from project and local layers, `allow` rules, `mode: "auto"`, `model` and `env` values are
 * honoured only when trusted, each by its value; `ask` and `plan` (which only restrict) always are.
 */
export function mergeSettings(
  layers: readonly SettingsLayer[],
  options: MergeOptions,
): { settings: RuntimeSettings; problems: SettingsProblem[] } {
  const problems: SettingsProblem[] = [];
  const settings: RuntimeSettings = {
    permissions: { allow: [], untrusted: [] },
    postStopValidation: { maxAttempts: DEFAULT_MAX_ATTEMPTS },
    models: {},
    compaction: { auto: true, threshold: DEFAULT_COMPACTION_THRESHOLD },
    env: {},
  };
  for (const layer of layers) {
    // A document that is not an object is the hooks loader's to report.
    if (!isObject(layer.settings)) continue;
    const warn = (field: string, message: string) =>
      problems.push({ severity: "warning", file: layer.path, field, message: `${message}; ignored` });
    const userOwned = USER_OWNED_SOURCES.has(layer.source);
    const granted = (grant: string): boolean => {
      if (userOwned || options.isGrantTrusted(grant)) return true;
      settings.permissions.untrusted.push({ grant, source: layer.source, file: layer.path });
      return false;
    };
    const claudeFile = isClaudeCodeFile(layer.path);

    const { value, rejected } = parseDroppingInvalid(runtimeKeysSchema, layer.settings);
    for (const r of rejected) {
      if (r.unknownKey && claudeFile) continue;
      warn(r.field, r.key === "" ? r.message : `${r.key}: ${r.message}`);
    }
    if (!claudeFile) {
      for (const key of Object.keys(layer.settings)) {
        if (!SETTINGS_KEYS.has(key)) warn(key, `unknown key "${key}"`);
      }
    }
    if (value === undefined) continue;

    // A project's model decides which provider (and which of the user's keys) gets the prompts.
    if (value.model !== undefined && granted(`model:${value.model}`)) settings.model = value.model;
    const mode = value.permissions?.mode;
    if (mode !== undefined && (mode !== "auto" || granted("mode:auto"))) settings.permissions.mode = mode;
    for (const rule of value.permissions?.allow ?? []) {
      if (granted(`allow:${rule.text}`)) settings.permissions.allow.push(rule);
    }
    const maxAttempts = value.postStopValidation?.maxAttempts;
    if (maxAttempts !== undefined) settings.postStopValidation.maxAttempts = maxAttempts;
    for (const [spec, own] of Object.entries(value.models ?? {})) {
      settings.models[spec] = { ...settings.models[spec], ...own };
    }
    if (value.compaction?.auto !== undefined) settings.compaction.auto = value.compaction.auto;
    if (value.compaction?.threshold !== undefined) settings.compaction.threshold = value.compaction.threshold;
    for (const [name, text] of Object.entries(value.env ?? {})) {
      if (granted(`env:${name}=${text}`)) settings.env[name] = text;
    }
  }
  return { settings, problems };
}

/** `.claude/settings.json` and `.claude/settings.local.json`, read with `claudeCompat` (§11). */
function isClaudeCodeFile(file: string): boolean {
  return path.basename(path.dirname(file)) === ".claude";
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
