import type { LanguageModelV3 } from "@ai-sdk/provider";
import { defaultModelSpec, type Env } from "@codebot/agentcore";
import { MODEL_ALIASES } from "../settings/model-aliases.js";
import type { RuntimeSettings } from "../settings/runtime-settings.js";

/**
 * The session's model: the one given (`--model`), else settings `model`, else CODEBOT_MODEL,
 * ANTHROPIC_MODEL or the default of the provider whose key is set. The CLI asks too, to show the spec a session will use.
 */
export function sessionModel<M extends LanguageModelV3 | string>(
  given: M | undefined,
  settings: RuntimeSettings,
  env: Env = process.env,
): M | string {
  return given ?? settings.model ?? envModel(env);
}

/**
 * CODEBOT_MODEL, else Claude Code's ANTHROPIC_MODEL (an alias such as `opus`, or an Anthropic
 * id: a gateway's own model name), else the default of the provider whose key is set. claude
 * ranks ANTHROPIC_MODEL above its settings' `model`; here the settings' model still wins, so a
 * variable kept for Claude Code does not override a model chosen in codebot's settings.
 */
function envModel(env: Env): string {
  const claude = env.ANTHROPIC_MODEL?.trim();
  if (env.CODEBOT_MODEL?.trim() || !claude) return defaultModelSpec(env);
  return MODEL_ALIASES[claude.toLowerCase()] ?? (claude.includes("/") ? claude : `anthropic/${claude}`);
}
