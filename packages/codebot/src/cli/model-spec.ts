import { defaultModelSpec, type Env } from "@codebot/agentcore";
import type { RuntimeSettings } from "../settings/runtime-settings.js";

/**
 * The session's model as the runtime chooses it: `--model`, else settings `model`, else
 * CODEBOT_MODEL or the default of the provider whose key is set. Resolved by the CLI so that it
 * can show the spec it asked for.
 */
export function sessionModelSpec(
  flag: string | undefined,
  settings: RuntimeSettings,
  env: Env = process.env,
): string {
  return flag ?? settings.model ?? defaultModelSpec(env);
}
