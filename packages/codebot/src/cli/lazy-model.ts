import type { LanguageModelV3 } from "@ai-sdk/provider";
import type { Env } from "@codebot/agentcore";
import { modelFromSpec } from "../session/model-env.js";

/**
 * A model that is resolved from its spec only when it is first called. `hooks test` needs a
 * model only if a prompt hook runs; a missing API key then fails that hook (as it would in a
 * session) instead of the whole command.
 */
export function lazyModel(spec: string, env: Env): LanguageModelV3 {
  let model: Promise<LanguageModelV3> | undefined;
  const get = () => {
    model ??= modelFromSpec(spec, env);
    return model;
  };
  const slash = spec.indexOf("/");
  return {
    specificationVersion: "v3",
    provider: slash > 0 ? spec.slice(0, slash) : spec,
    modelId: slash > 0 ? spec.slice(slash + 1) : spec,
    supportedUrls: {},
    doGenerate: async (options) => (await get()).doGenerate(options),
    doStream: async (options) => (await get()).doStream(options),
  };
}
