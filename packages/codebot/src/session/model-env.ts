import type { LanguageModelV3 } from "@ai-sdk/provider";
import { type Env, resolveModel } from "@codebot/agentcore";
import type { RuntimeSettings } from "../settings/runtime-settings.js";
import { helperKeyOf, withHelperKey } from "./api-key-helper.js";

/**
 * The environment the model is resolved from: the process's, under the settings' `env`. Claude
 * Code applies `env` to its own process, so `ANTHROPIC_BASE_URL` or `ANTHROPIC_API_KEY` in
 * `~/.claude/settings.json` (a gateway, a proxy) reaches its model calls; codebot's do the same.
 * `settings.env` holds only what counts: a project's names are there once trusted, by value.
 * Without a key there, the user's `apiKeyHelper` gives one. `--betas` go with it to every
 * Anthropic model made from it.
 */
export function modelEnv(
  processEnv: Env,
  settings: RuntimeSettings,
  anthropicBetas?: readonly string[],
): Env {
  // A new object each call: what is registered for it concerns this session alone.
  const env = withHelperKey({ ...processEnv, ...settings.env }, settings.apiKeyHelper);
  if (anthropicBetas !== undefined && anthropicBetas.length > 0) betaEnvs.set(env, anthropicBetas);
  return env;
}

/** `--betas` behind a model environment modelEnv made (the variables are the same). */
const betaEnvs = new WeakMap<Env, readonly string[]>();

/**
 * The model for a `provider/id` spec, from a model environment modelEnv made: with the
 * apiKeyHelper's rotating key when the helper gave its key. The one way codebot resolves a model.
 */
export function modelFromSpec(spec: string, env: Env): Promise<LanguageModelV3> {
  const anthropicBetas = betaEnvs.get(env);
  return resolveModel(spec, env, {
    anthropicKey: helperKeyOf(env),
    ...(anthropicBetas ? { anthropicBetas } : {}),
  });
}
