import type { Env } from "@codebot/agentcore";
import type { RuntimeSettings } from "../settings/runtime-settings.js";
import { withHelperKey } from "./api-key-helper.js";

/**
 * The environment the model is resolved from: the process's, under the settings' `env`. Claude
 * Code applies `env` to its own process, so `ANTHROPIC_BASE_URL` or `ANTHROPIC_API_KEY` in
 * `~/.claude/settings.json` (a gateway, a proxy) reaches its model calls; codebot's do the same.
 * `settings.env` holds only what counts: a project's names are there once trusted, by value.
 * Without a key there, the user's `apiKeyHelper` gives one.
 */
export function modelEnv(processEnv: Env, settings: RuntimeSettings): Env {
  return withHelperKey({ ...processEnv, ...settings.env }, settings.apiKeyHelper);
}
