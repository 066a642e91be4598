import type { LanguageModelV3 } from "@ai-sdk/provider";
import {
  type EffortLevel,
  type Env,
  effortToSend,
  type ModelAccessOptions,
  ModelConfigError,
  resolveModel,
} from "@codebot/agentcore";
import { visible } from "../approval/visible-text.js";
import { type EffortCapOfFile, effortCapFor } from "../settings/effort-cap.js";
import type { RuntimeSettings } from "../settings/runtime-settings.js";
import { helperKeyOf, withHelperKey } from "./api-key-helper.js";
import { sessionEffort } from "./effort-choice.js";

/** The flags that change how every model of the session is asked. */
export interface ModelAccessFlags {
  /** `--betas`. */
  anthropicBetas?: readonly string[];
  /** `--effort`. */
  effort?: EffortLevel;
}

type Access = Pick<ModelAccessOptions, "anthropicBetas" | "effort">;

/** The `maxEffortLevel` caps of the settings behind a model environment (effort-cap.ts). */
const effortCapsOfEnv = new WeakMap<Env, readonly EffortCapOfFile[]>();

/**
 * What a request of the model `spec` is asked with: the session's access, capped for that model.
 * `effort` (a sub-agent's own) stands where `--effort` stood: CLAUDE_CODE_EFFORT_LEVEL still wins.
 */
function accessFor(
  spec: string,
  env: Env,
  effort?: EffortLevel,
): Access & Pick<ModelAccessOptions, "maxEffort"> {
  const access = { ...accessOfEnv.get(env) };
  const inputs = effortInputsOfEnv.get(env);
  if (effort !== undefined) {
    const choice = sessionEffort(env, effort, inputs?.setting);
    if (choice !== undefined) access.effort = choice;
  }
  const maxEffort = effortCapFor(effortCapsOfEnv.get(env) ?? [], spec);
  return { ...access, ...(maxEffort !== undefined ? { maxEffort } : {}) };
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
  const env = withHelperKey({ ...processEnv, ...settings.env }, settings.apiKeyHelper);
  effortInputsOfEnv.set(env, { flag: flags.effort, setting: settings.effortLevel });
  effortCapsOfEnv.set(env, settings.effortCaps);
  const effort = sessionEffort(env, flags.effort, settings.effortLevel);
  accessOfEnv.set(env, {
    ...(flags.anthropicBetas !== undefined && flags.anthropicBetas.length > 0
      ? { anthropicBetas: flags.anthropicBetas }
      : {}),
    ...(effort !== undefined ? { effort } : {}),
  });
  const held = settings.permissions.untrusted.find((g) => g.grant.startsWith("apiKeyHelper:"));
  if (held !== undefined) heldHelpers.set(env, held.grant);
  return env;
}

/** The access flags behind a model environment modelEnv made (the variables are the same). */
const accessOfEnv = new WeakMap<Env, Access>();

/** What the session's effort was chosen from (`--effort`, the settings' `effortLevel`), to choose again. */
const effortInputsOfEnv = new WeakMap<
  Env,
  { flag?: EffortLevel | undefined; setting?: EffortLevel | undefined }
>();

/**
 * A level set while the session runs (the Agent SDK's `applyFlagSettings({effortLevel})`, `/effort`):
 * it stands where `--effort` stood, so CLAUDE_CODE_EFFORT_LEVEL still wins over it; undefined goes
 * back to the start's choice. Models made from `env` afterwards carry it.
 */
export function changeEffort(env: Env, level: EffortLevel | undefined): void {
  const inputs = effortInputsOfEnv.get(env);
  if (inputs === undefined) throw new Error("changeEffort: not a model environment modelEnv made");
  const { effort: _old, ...rest } = accessOfEnv.get(env) ?? {};
  const effort = sessionEffort(env, level ?? inputs.flag, inputs.setting);
  accessOfEnv.set(env, { ...rest, ...(effort !== undefined ? { effort } : {}) });
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
