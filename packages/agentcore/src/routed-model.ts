import type { LanguageModelV3 } from "@ai-sdk/provider";

/** `inner` as it is — provider, id, URLs — with its calls made by `calls` (which end in `inner`'s). */
export function routedModel(
  inner: LanguageModelV3,
  calls: Pick<LanguageModelV3, "doGenerate" | "doStream">,
): LanguageModelV3 {
  return {
    specificationVersion: "v3",
    provider: inner.provider,
    modelId: inner.modelId,
    get supportedUrls() {
      return inner.supportedUrls;
    },
    doGenerate: calls.doGenerate,
    doStream: calls.doStream,
  };
}
