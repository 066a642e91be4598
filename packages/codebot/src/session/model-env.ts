import type { LanguageModelV3 } from "@ai-sdk/provider";
import {
  type EffortLevel,
  type Env,
  effortToSend,
  type ModelAccessOptions,
  ModelConfigError,
  type ModelRequestOptions,
  resolveModel,
  type ThinkingDisplay,
  thinkingToSend,
} from "@codebot/agentcore";
import { visible } from "../approval/visible-text.js";
import { withoutChangedLoads } from "../settings/approved-files.js";
import { effortCapFor } from "../settings/effort-cap.js";
import type { RuntimeSettings } from "../settings/runtime-settings.js";
import { helperKeyOf, withHelperKey } from "./api-key-helper.js";
import { type SettingsEffort, sessionEffort, settingsEffortFor } from "./effort-choice.js";
import { envOutputTokens } from "./output-tokens-env.js";

/** The flags that change how every model of the session is asked. */
export interface ModelAccessFlags {
  /** `--betas`. */
  anthropicBetas?: readonly string[];
  /** `--effort`. */
  effort?: EffortLevel;
  /** `--max-thinking-tokens`. */
  maxThinkingTokens?: number;
  /** `--thinking-display`. */
  thinkingDisplay?: ThinkingDisplay;
}

/**
 * What a request of the model `spec` is asked with: `--betas`, the effort the session chose for
 * that model (effort-choice.ts) under the settings' `maxEffortLevel` for it, and whether thinking
 * is turned off. `effort` (a
 * sub-agent's own) stands where `--effort` stood: CLAUDE_CODE_EFFORT_LEVEL still wins.
 */
function accessFor(spec: string, env: Env, effort?: EffortLevel): ModelRequestOptions {
  const inputs = effortInputsOfEnv.get(env);
  const maxOutputTokens = envOutputTokens(env.CLAUDE_CODE_MAX_OUTPUT_TOKENS);
  const access: ModelRequestOptions = {
    ...betasOfEnv.get(env),
    ...(maxOutputTokens !== undefined ? { maxOutputTokens } : {}),
  };
  if (inputs === undefined) return access;
  const choice = sessionEffort(
    env,
    effort ?? inputs.changed ?? inputs.flag,
    settingsEffortFor(inputs.settings, spec),
  );
  const maxEffort = effortCapFor(inputs.settings.effortCaps, spec);
  // As claude 2.1.328 weighs them (recorded): MAX_THINKING_TOKENS over --max-thinking-tokens (or
  // the SDK's budget), which wins over `alwaysThinkingEnabled: false`.
  const thinkingOff = inputs.settings.alwaysThinkingEnabled === false;
  const { start, changed } = thinkingOfEnv.get(env) ?? { start: {}, changed: {} };
  const budget = envThinkingBudget(env.MAX_THINKING_TOKENS) ?? changed.tokens ?? start.tokens;
  const display = changed.display ?? start.display;
  return {
    ...access,
    ...(thinkingOff ? { thinking: false } : {}),
    ...(budget !== undefined ? { maxThinkingTokens: budget } : {}),
    ...(display !== undefined ? { thinkingDisplay: display } : {}),
    ...(choice !== undefined ? { effort: choice } : {}),
    ...(maxEffort !== undefined ? { maxEffort } : {}),
  };
}

/**
 * MAX_THINKING_TOKENS as claude 2.1.328 reads it (recorded): its leading whole number, a value
 * without one (`abc`) turning thinking off as 0 does; unset or blank: none.
 */
function envThinkingBudget(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === "") return undefined;
  const tokens = Number.parseInt(value.trim(), 10);
  return Number.isNaN(tokens) ? 0 : tokens;
}

/**
 * The environment the model is resolved from: the process's, under the settings' `env`. Claude
 * Code applies `env` to its own process, so `ANTHROPIC_BASE_URL` or `ANTHROPIC_API_KEY` in
 * `~/.claude/settings.json` (a gateway, a proxy) reaches its model calls; codebot's do the same.
 * `settings.env` holds only what counts: a project's names are there once trusted, by value.
 * Without a key there, the user's `apiKeyHelper` gives one. `--betas` and the session's effort
 * (effort-choice.ts) go with it to every Anthropic model made from it, under the settings'
 * `maxEffortLevel` for that model.
 */
export function modelEnv(processEnv: Env, settings: RuntimeSettings, flags: ModelAccessFlags = {}): Env {
  // A new object each call: what is registered for it concerns this session alone.
  const env = withHelperKey({ ...processEnv, ...settings.env }, settings.apiKeyHelper, () => ({
    ...processEnv,
    ...withoutChangedLoads(settings.env, settings.envFiles),
  }));
  effortInputsOfEnv.set(env, { ...(flags.effort !== undefined ? { flag: flags.effort } : {}), settings });
  if (flags.anthropicBetas !== undefined && flags.anthropicBetas.length > 0)
    betasOfEnv.set(env, { anthropicBetas: flags.anthropicBetas });
  thinkingOfEnv.set(env, {
    start: {
      ...(flags.maxThinkingTokens !== undefined ? { tokens: flags.maxThinkingTokens } : {}),
      ...(flags.thinkingDisplay !== undefined ? { display: flags.thinkingDisplay } : {}),
    },
    changed: {},
  });
  const held = settings.permissions.untrusted.find((g) => g.grant.startsWith("apiKeyHelper:"));
  if (held !== undefined) heldHelpers.set(env, held.grant);
  return env;
}

/** `--betas` behind a model environment modelEnv made (the variables are the same). */
const betasOfEnv = new WeakMap<Env, Pick<ModelAccessOptions, "anthropicBetas">>();

/** What the session's effort is chosen from, to choose it for each model (effort-choice.ts). */
interface EffortInputs {
  /** `--effort`. */
  flag?: EffortLevel;
  /** A level set while the session runs, in place of `--effort`. */
  changed?: EffortLevel;
  settings: SettingsEffort & Pick<RuntimeSettings, "effortCaps" | "alwaysThinkingEnabled">;
}
const effortInputsOfEnv = new WeakMap<Env, EffortInputs>();

/**
 * A level set while the session runs (the Agent SDK's `applyFlagSettings({effortLevel})`, `/effort`):
 * it stands where `--effort` stood, so CLAUDE_CODE_EFFORT_LEVEL still wins over it; undefined goes
 * back to the start's choice. Models made from `env` afterwards carry it.
 */
export function changeEffort(env: Env, level: EffortLevel | undefined): void {
  const inputs = effortInputsOfEnv.get(env);
  if (inputs === undefined) throw new Error("changeEffort: not a model environment modelEnv made");
  const { changed: _old, ...rest } = inputs;
  effortInputsOfEnv.set(env, { ...rest, ...(level !== undefined ? { changed: level } : {}) });
}

/** A thinking budget and display; either may be absent. */
interface ThinkingChoice {
  tokens?: number;
  display?: ThinkingDisplay;
}

/**
 * The Agent SDK's `setMaxThinkingTokens()` (`set_max_thinking_tokens`): a field left out stays as
 * it is, `null` goes back to the start's (`--max-thinking-tokens`, `--thinking-display`).
 */
export interface ThinkingChange {
  tokens?: number | null;
  display?: ThinkingDisplay | null;
}

/** The thinking behind a model environment: the flags' (`start`), and what was set since (changeThinking). */
const thinkingOfEnv = new WeakMap<Env, { start: ThinkingChoice; changed: ThinkingChoice }>();

/** Models made from `env` afterwards carry `change` (ModelAccessOptions.maxThinkingTokens, .thinkingDisplay). */
export function changeThinking(env: Env, change: ThinkingChange): void {
  const thinking = thinkingOfEnv.get(env);
  if (thinking === undefined) throw new Error("changeThinking: not a model environment modelEnv made");
  const changed = { ...thinking.changed };
  if (change.tokens === null) delete changed.tokens;
  else if (change.tokens !== undefined) changed.tokens = change.tokens;
  if (change.display === null) delete changed.display;
  else if (change.display !== undefined) changed.display = change.display;
  thinkingOfEnv.set(env, { start: thinking.start, changed });
}

/** The grant of an apiKeyHelper held until approved in this project, behind a model environment. */
const heldHelpers = new WeakMap<Env, string>();

/**
 * The effort a request of the model `spec` carries (Anthropic models only), as hooks are told it
 * (`effort.level` of Claude Code payloads): none when it carries none. `effort`: a sub-agent's own.
 */
export function effortOfModel(spec: string, env: Env, effort?: EffortLevel): EffortLevel | undefined {
  if (!spec.startsWith("anthropic/")) return undefined;
  const access = accessFor(spec, env, effort);
  return effortToSend(spec.slice("anthropic/".length), access.effort, access.maxEffort);
}

/**
 * Whether the model `spec` is asked with thinking on, as Claude Code's statusLine payload says it
 * (`thinking.enabled`): claude 2.1.328 says true unless thinking is turned off (MAX_THINKING_TOKENS=0,
 * `alwaysThinkingEnabled: false`, `/thinking`, `--thinking disabled`), and true for a model that
 * always thinks. A model sent no thinking (Claude 3, an id not known here, another provider's)
 * gets the session's choice, as claude's code gives it for Claude 3 (read, not recorded).
 */
export function thinkingOfModel(spec: string, env: Env): boolean {
  const access = accessFor(spec, env);
  const budget = access.maxThinkingTokens;
  const chosen = budget !== undefined ? budget > 0 : access.thinking !== false;
  if (!spec.startsWith("anthropic/")) return chosen;
  const sent = thinkingToSend(spec.slice("anthropic/".length), access.thinking, budget);
  return sent === undefined ? chosen : sent.type !== "disabled";
}

/**
 * The model for a `provider/id` spec, from a model environment modelEnv made: with the
 * apiKeyHelper's rotating key when the helper gave its key. The one way codebot resolves a model.
 * `effort`: a sub-agent's own, in place of the session's (accessFor).
 */
export async function modelFromSpec(spec: string, env: Env, effort?: EffortLevel): Promise<LanguageModelV3> {
  try {
    return await resolveModel(spec, env, { anthropicKey: helperKeyOf(env), ...accessFor(spec, env, effort) });
  } catch (error) {
    // The key is missing because your helper waits for this project's approval: say so.
    const held = heldHelpers.get(env);
    if (error instanceof ModelConfigError && held !== undefined && /ANTHROPIC_API_KEY/.test(error.message))
      throw new ModelConfigError(
        `${error.message}; your apiKeyHelper would run programs this repository brings and waits for its approval: ${visible(held)}; run "codebot hooks trust" to review it`,
      );
    throw error;
  }
}
