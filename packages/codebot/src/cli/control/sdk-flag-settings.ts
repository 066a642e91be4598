/**
 * The Agent SDK's flag settings layer (`applyFlagSettings()`, `getSettings()`), as claude 2.1.328
 * keeps it: each `apply_flag_settings` merges its keys into the layer, a null removes one;
 * `get_settings` shows the layer (its only source here) and what is applied. codebot applies
 * `model` (the switch `set_model` makes) and `effortLevel` (the next request's effort, `null` going
 * back to the start's); any other key is kept and shown but not applied mid-session, said on stderr.
 */
import { type EffortLevel, effortLevelOf } from "@codebot/agentcore";
import { ControlError } from "./control-channel.js";

export interface FlagSettingsSession {
  readonly modelSpec: string;
  readonly effort: EffortLevel | undefined;
  setEffort(level: EffortLevel | undefined): Promise<void>;
}

export interface FlagSettingsParts {
  /** `set_model` with this name (null: the start's model). */
  setModel(name: unknown): Promise<unknown>;
  /** A line on stderr. */
  notify(message: string): void;
  /** A `provider/id` spec's id, as claude names a model. */
  bareId(spec: string): string;
}

const APPLIED = new Set(["model", "effortLevel"]);

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
