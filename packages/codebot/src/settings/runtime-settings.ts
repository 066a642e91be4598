import type { SettingsLayer, SettingsSource } from "@codebot/hooks";
import { USER_OWNED_SOURCES } from "@codebot/hooks";
import { type PermissionRule, parsePermissionRule } from "../approval/permission-rule.js";
import type { SettingsProblem } from "./settings-problem.js";

export type PermissionMode = "ask" | "auto" | "plan";
export const PERMISSION_MODES: readonly PermissionMode[] = ["ask", "auto", "plan"];

/** A permission grant from a project or local layer that was not honoured because it is not trusted. */
export interface UntrustedGrant {
  /** `allow:<rule>` or `mode:auto` (the key the trust store records). */
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
  /** Environment for tools and hooks (top-level `env`); user-owned layers and trusted project grants only. */
  env: Record<string, string>;
}

export interface MergeOptions {
  /** Whether a grant (`allow:<rule>`, `mode:auto`, `env:<NAME>`) from a project or local layer is trusted. */
  isGrantTrusted(grant: string): boolean;
}

const DEFAULT_MAX_ATTEMPTS = 3;

/**
 * Merges the layers: scalars from later layers override earlier ones; allow rules add up.
 * A repository must not grant itself power: from project and local layers, `allow` rules,
 * `mode: "auto"` and `env` are honoured only when trusted; `ask` and `plan` (which only
 * restrict) always are.
 */
export function mergeSettings(
  layers: readonly SettingsLayer[],
  options: MergeOptions,
): { settings: RuntimeSettings; problems: SettingsProblem[] } {
  const problems: SettingsProblem[] = [];
  const settings: RuntimeSettings = {
    permissions: { allow: [], untrusted: [] },
    postStopValidation: { maxAttempts: DEFAULT_MAX_ATTEMPTS },
    env: {},
  };
  for (const layer of layers) {
    const s = layer.settings as Record<string, unknown>;
    const warn = (message: string) => problems.push({ severity: "warning", file: layer.path, message });
    const userOwned = USER_OWNED_SOURCES.has(layer.source);
    const granted = (grant: string): boolean => {
      if (userOwned || options.isGrantTrusted(grant)) return true;
      settings.permissions.untrusted.push({ grant, source: layer.source, file: layer.path });
      return false;
    };

    if (s.model !== undefined) {
      if (typeof s.model === "string" && /^[^/\s]+\/\S+$/.test(s.model)) settings.model = s.model;
      else warn(`model: expected "provider/model-id", got ${JSON.stringify(s.model)}; ignored`);
    }
    mergePermissions(s.permissions, settings, warn, granted);
    mergeValidation(s.postStopValidation, settings, warn);
    mergeEnv(s.env, settings, warn, granted);
  }
  return { settings, problems };
}

function mergePermissions(
  raw: unknown,
  settings: RuntimeSettings,
  warn: (m: string) => void,
  granted: (grant: string) => boolean,
): void {
  if (raw === undefined) return;
  if (!isObject(raw)) {
    warn("permissions: expected an object; ignored");
    return;
  }
  if (raw.mode !== undefined) {
    if (!PERMISSION_MODES.includes(raw.mode as PermissionMode)) {
      warn(`permissions.mode: expected "ask", "auto" or "plan", got ${JSON.stringify(raw.mode)}; ignored`);
    } else if (raw.mode !== "auto" || granted("mode:auto")) {
      settings.permissions.mode = raw.mode as PermissionMode;
    }
  }
  if (raw.allow === undefined) return;
  if (!Array.isArray(raw.allow)) {
    warn("permissions.allow: expected a list of rules; ignored");
    return;
  }
  for (const text of raw.allow) {
    if (typeof text !== "string") {
      warn(`permissions.allow: expected a rule string, got ${JSON.stringify(text)}; ignored`);
      continue;
    }
    const parsed = parsePermissionRule(text);
    if (!parsed.ok) warn(`permissions.allow: ${parsed.error}; ignored`);
    else if (granted(`allow:${text}`)) settings.permissions.allow.push(parsed.rule);
  }
}

function mergeValidation(raw: unknown, settings: RuntimeSettings, warn: (m: string) => void): void {
  if (raw === undefined) return;
  if (!isObject(raw)) {
    warn("postStopValidation: expected an object; ignored");
    return;
  }
  const max = raw.maxAttempts;
  if (max === undefined) return;
  if (typeof max === "number" && Number.isInteger(max) && max >= 1 && max <= 100) {
    settings.postStopValidation.maxAttempts = max;
  } else {
    warn(
      `postStopValidation.maxAttempts: expected an integer from 1 to 100, got ${JSON.stringify(max)}; ignored`,
    );
  }
}

function mergeEnv(
  raw: unknown,
  settings: RuntimeSettings,
  warn: (m: string) => void,
  granted: (grant: string) => boolean,
): void {
  if (raw === undefined) return;
  if (!isObject(raw)) {
    warn("env: expected an object of strings; ignored");
    return;
  }
  for (const [name, value] of Object.entries(raw)) {
    if (typeof value !== "string") warn(`env.${name}: expected a string; ignored`);
    else if (granted(`env:${name}`)) settings.env[name] = value;
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
