import type { LanguageModelV3 } from "@ai-sdk/provider";
import {
  type EffortLevel,
  type Env,
  effortToSend,
  type ModelAccessOptions,
  resolveModel,
} from "@codebot/agentcore";
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

/**
 * The environment the model is resolved from: the process's, under the settings' `env`. Claude
 * Code applies `env` to its own process, so `ANTHROPIC_BASE_URL` or `ANTHROPIC_API_KEY` in
 * `~/.claude/settings.json` (a gateway, a proxy) reaches its model calls; codebot's do the same.
 * `settings.env` holds only what counts: a project's names are there once trusted, by value.
 * Without a key there, the user's `apiKeyHelper` gives one. `--betas` and the session's effort
 * (effort-choice.ts) go with it to every Anthropic model made from it.
 */
export function modelEnv(processEnv: Env, settings: RuntimeSettings, flags: ModelAccessFlags = {}): Env {
  // A new object each call: what is registered for it concerns this session alone.
  const env = withHelperKey({ ...processEnv, ...settings.env }, settings.apiKeyHelper);
  const effort = sessionEffort(env, flags.effort, settings.effortLevel);
  accessOfEnv.set(env, {
    ...(flags.anthropicBetas !== undefined && flags.anthropicBetas.length > 0
      ? { anthropicBetas: flags.anthropicBetas }
      : {}),
    ...(effort !== undefined ? { effort } : {}),
  });
  return env;
}

/** The access flags behind a model environment modelEnv made (the variables are the same). */
const accessOfEnv = new WeakMap<Env, Access>();

/**
 * The effort a request of the model `spec` carries (Anthropic models only), as hooks are told it
 * (`effort.level` of Claude Code payloads): none when it carries none.
 */
export function effortOfModel(spec: string, env: Env): EffortLevel | undefined {
  if (!spec.startsWith("anthropic/")) return undefined;
  return effortToSend(spec.slice("anthropic/".length), accessOfEnv.get(env)?.effort);
}

/**
 * The model for a `provider/id` spec, from a model environment modelEnv made: with the
 * apiKeyHelper's rotating key when the helper gave its key. The one way codebot resolves a model.
 */
export function modelFromSpec(spec: string, env: Env): Promise<LanguageModelV3> {
  return resolveModel(spec, env, { anthropicKey: helperKeyOf(env), ...accessOfEnv.get(env) });
}
