import { defaultModelSpec, type Env } from "@codebot/agentcore";
import { MODEL_ALIASES } from "../settings/model-aliases.js";
import { CliError } from "./cli-error.js";

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

/** `--fallback-model`: models as `--model` takes them, comma-separated, in the order they are tried. */
export function fallbackModelsFlag(value: string, env: Env = process.env): string[] {
  const names = value
    .split(",")
    .map((name) => name.trim())
    .filter((name) => name !== "");
  if (names.length === 0) throw new CliError("--fallback-model: no model given");
  return names.map((name) => modelFlag(name, env));
}
