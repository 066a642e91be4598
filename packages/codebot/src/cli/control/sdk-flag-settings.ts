/**
 * The Agent SDK's flag settings layer (`applyFlagSettings()`, `getSettings()`), as claude 2.1.328
 * keeps it: each `apply_flag_settings` merges its keys into the layer, a null removes one;
 * `get_settings` shows the layer (its only source here) and what is applied. codebot applies
 * `model` (the switch `set_model` makes), `effortLevel` (the next request's effort, `null` going
 * back to the start's) and `permissions`' `allow`, `ask` and `deny` rules (from the next call, as
 * claude applies them); any other key is kept and shown but not applied mid-session, said on stderr.
 */
import { type EffortLevel, effortLevelOf } from "@codebot/agentcore";
import { type PermissionRule, parsePermissionRule } from "../../approval/permission-rule.js";
import type { PermissionRuleSet } from "../../approval/permission-rules.js";
import { ControlError } from "./control-channel.js";

export interface FlagSettingsSession {
  readonly modelSpec: string;
  readonly effort: EffortLevel | undefined;
  setEffort(level: EffortLevel | undefined): Promise<void>;
  setFlagRules(rules: PermissionRuleSet): void;
}

export interface FlagSettingsParts {
  /** `set_model` with this name (null: the start's model). */
  setModel(name: unknown): Promise<unknown>;
  /** A line on stderr. */
  notify(message: string): void;
  /** A `provider/id` spec's id, as claude names a model. */
  bareId(spec: string): string;
}

const APPLIED = new Set(["model", "effortLevel", "permissions"]);

/** The keys of `permissions` codebot applies mid-session; any other (`defaultMode`, …) is said on stderr. */
const RULE_KINDS = ["allow", "ask", "deny"] as const;

export class FlagSettings {
  private layer: Record<string, unknown> = {};

  constructor(
    private readonly session: FlagSettingsSession,
    private readonly parts: FlagSettingsParts,
  ) {}

  /** `apply_flag_settings`: bad input is refused whole, before anything changes. */
  async apply(settings: unknown): Promise<void> {
    if (typeof settings !== "object" || settings === null || Array.isArray(settings))
      throw new ControlError('Cannot apply flag settings: "settings" must be an object', "invalid_settings");
    const given = settings as Record<string, unknown>;
    const effort = given.effortLevel;
    const level = typeof effort === "string" ? effortLevelOf(effort) : undefined;
    if (effort !== undefined && effort !== null && level === undefined)
      throw new ControlError(
        `Cannot apply flag settings: effortLevel must be one of low, medium, high, xhigh, max (got ${JSON.stringify(effort)})`,
        "invalid_settings",
      );
    const rules = given.permissions === undefined ? undefined : rulesOf(given.permissions);
    if ("model" in given && given.model !== undefined) await this.parts.setModel(given.model);
    if ("effortLevel" in given && effort !== undefined) await this.session.setEffort(level);
    for (const [key, value] of Object.entries(given)) {
      if (value === undefined) continue;
      if (value === null) delete this.layer[key];
      else this.layer[key] = value;
      if (!APPLIED.has(key))
        this.parts.notify(
          `the Agent SDK's applyFlagSettings: "${key}" is kept in the flag settings, but codebot does not apply it while the session runs`,
        );
    }
    if (rules !== undefined) {
      this.session.setFlagRules(rules);
      const permissions = given.permissions as Record<string, unknown> | null;
      for (const key of Object.keys(permissions ?? {}))
        if (!(RULE_KINDS as readonly string[]).includes(key))
          this.parts.notify(
            `the Agent SDK's applyFlagSettings: "permissions.${key}" is kept in the flag settings, but codebot does not apply it while the session runs`,
          );
    }
  }

  /** `get_settings`: the layer, and the model and effort in force. */
  get(): Record<string, unknown> {
    const layer = structuredClone(this.layer);
    return {
      effective: layer,
      sources:
        Object.keys(layer).length > 0 ? [{ source: "flagSettings", settings: structuredClone(layer) }] : [],
      applied: {
        model: this.parts.bareId(this.session.modelSpec),
        effort: this.session.effort ?? null,
      },
    };
  }
}

/**
 * The rules of a `permissions` value (null: none), each parsed as a settings file's rule; a value
 * that is not an object of rule lists, or a rule that does not parse, refuses the whole call.
 */
function rulesOf(value: unknown): PermissionRuleSet {
  const refuse = (why: string) => new ControlError(`Cannot apply flag settings: ${why}`, "invalid_settings");
  if (value === null) return { allow: [], ask: [], deny: [] };
  if (typeof value !== "object" || Array.isArray(value)) throw refuse("permissions must be an object");
  const given = value as Record<string, unknown>;
  const set: Record<(typeof RULE_KINDS)[number], PermissionRule[]> = { allow: [], ask: [], deny: [] };
  for (const kind of RULE_KINDS) {
    const list = given[kind];
    if (list === undefined || list === null) continue;
    if (!Array.isArray(list) || list.some((rule) => typeof rule !== "string"))
      throw refuse(`permissions.${kind} must be a list of rules`);
    for (const text of list as string[]) {
      const parsed = parsePermissionRule(text);
      if (!parsed.ok) throw refuse(`permissions.${kind}: ${parsed.error}`);
      set[kind].push(parsed.rule);
    }
  }
  return set;
}
