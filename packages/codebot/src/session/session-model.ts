import type { LanguageModelV3 } from "@ai-sdk/provider";
import { defaultModelSpec, type Env } from "@codebot/agentcore";
import type { RuntimeSettings } from "../settings/runtime-settings.js";

/**
 * The session's model: the one given (`--model`), else settings `model`, else CODEBOT_MODEL or the
 * default of the provider whose key is set. The CLI asks too, to show the spec a session will use.
 */
export function sessionModel<M extends LanguageModelV3 | string>(
  given: M | undefined,
  settings: RuntimeSettings,
  env: Env = process.env,
): M | string {
  return given ?? settings.model ?? defaultModelSpec(env);
}
