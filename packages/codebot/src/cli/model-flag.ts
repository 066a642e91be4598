import { defaultModelSpec, type Env } from "@codebot/agentcore";
import { MODEL_ALIASES } from "../settings/model-aliases.js";

/**
 * `--model`: `provider/id` (checked when the model is made), one of Claude Code's aliases (`sonnet`, `opus`, `haiku`), or a bare id
 * for the default provider (the provider of CODEBOT_MODEL, else the one whose key is set).
 */
export function modelFlag(value: string, env: Env = process.env): string {
  const alias = MODEL_ALIASES[value.toLowerCase()];
  if (alias !== undefined) return alias;
  if (value.includes("/")) return value;
  const provider = defaultModelSpec(env).split("/")[0] ?? "anthropic";
  return `${provider}/${value}`;
}
