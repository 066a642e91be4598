import type { LanguageModelV3, LanguageModelV3CallOptions } from "@ai-sdk/provider";
import { routedModel } from "./routed-model.js";
import { thinkingToSend } from "./thinking.js";

/**
 * `model` with its calls asking for no thinking, as claude 2.1.328 asks a prompt hook's (recorded:
 * `{"type": "disabled"}` on claude-sonnet-4-5 and claude-opus-4-6, whose main requests think): a
 * yes/no verdict is not worth a 31999-token budget. Only where the session's thinking can be
 * turned off (thinking.ts): the models that always think, and the ids it sends none, are left alone.
 */
export function withoutThinking(model: LanguageModelV3): LanguageModelV3 {
  const off = model.provider.startsWith("anthropic") ? thinkingToSend(model.modelId, false) : undefined;
  if (off?.type !== "disabled") return model;
  const withIt = (options: LanguageModelV3CallOptions): LanguageModelV3CallOptions => ({
    ...options,
    providerOptions: {
      ...options.providerOptions,
      anthropic: { ...options.providerOptions?.anthropic, thinking: off },
    },
  });
  return routedModel(model, {
    doGenerate: (options) => model.doGenerate(withIt(options)),
    doStream: (options) => model.doStream(withIt(options)),
  });
}
