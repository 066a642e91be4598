import type { LanguageModelV3, LanguageModelV3Message, LanguageModelV3Prompt } from "@ai-sdk/provider";
import type { ModelMessage } from "ai";
import { isBuiltByKernel } from "./messages.js";

/**
 * The history as the provider's prompt, converted once per message. The AI SDK's
 * `standardizePrompt` validates the whole history with zod and `convertToLanguageModelPrompt`
 * converts all of it again on every call; over a long session that made each step cost more than
 * the one before. The history is append-only, so only the messages appended since the last step
 * are validated and converted (as one batch, so a tool call and its result are checked together);
 * a history that is not an extension of the last one (compaction, a new conversation) starts over.
 */
export class PromptCache {
  private system: string | undefined;
  /** The history messages converted so far, by reference, in order. */
  private sources: ModelMessage[] = [];
  private converted: LanguageModelV3Message[] = [];

  async prompt(
    systemPrompt: string,
    messages: readonly ModelMessage[],
    model: LanguageModelV3,
    signal: AbortSignal,
  ): Promise<LanguageModelV3Prompt> {
    if (systemPrompt !== this.system || !this.extends(messages)) this.reset(systemPrompt);
    const fresh = messages.slice(this.sources.length);
    if (fresh.length > 0) {
      let batch: LanguageModelV3Message[];
      try {
        batch = await convert(fresh, model, signal);
      } catch {
        // A batch can be wrong only at its seams (a tool call answered in a later batch): convert
        // the whole history, which either succeeds or throws the AI SDK's own error for it.
        this.reset(systemPrompt);
        this.converted = await convert(messages, model, signal);
        this.sources = [...messages];
        return this.assemble();
      }
      this.appendConverted(batch);
      for (const message of fresh) this.sources.push(message);
    }
    return this.assemble();
  }

  private reset(systemPrompt: string): void {
    this.system = systemPrompt;
    this.sources = [];
    this.converted = [];
  }

  /** True when `messages` starts with every message converted so far (same objects). */
  private extends(messages: readonly ModelMessage[]): boolean {
    const { sources } = this;
    if (messages.length < sources.length) return false;
    for (let i = sources.length - 1; i >= 0; i -= 1) if (messages[i] !== sources[i]) return false;
    return true;
  }

  /** Appends a converted batch; a tool message right after a tool message joins it, as the AI SDK does. */
  private appendConverted(batch: LanguageModelV3Message[]): void {
    const [first, ...rest] = batch;
    const last = this.converted.at(-1);
    if (first && last?.role === "tool" && first.role === "tool") {
      this.converted[this.converted.length - 1] = {
        role: "tool",
        content: [...last.content, ...first.content],
        ...(first.providerOptions ? { providerOptions: first.providerOptions } : {}),
      };
      for (const message of rest) this.converted.push(message);
      return;
    }
    for (const message of batch) this.converted.push(message);
  }

  private assemble(): LanguageModelV3Prompt {
    return [{ role: "system", content: this.system ?? "" }, ...this.converted];
  }
}

/**
 * Validates and converts messages exactly as `streamText` does (without the system prompt); a
 * batch the kernel built itself (`builtByKernel`) skips the schema check.
 */
async function convert(
  messages: readonly ModelMessage[],
  model: LanguageModelV3,
  signal: AbortSignal,
): Promise<LanguageModelV3Message[]> {
  // Loaded on the first model step, not when the CLI starts. Its `ai/internal` entry is what
  // `streamText` itself uses, without the rest of `ai` (≈ 500 KB).
  const { convertToLanguageModelPrompt, standardizePrompt } = await import("ai/internal");
  const checked = messages.every(isBuiltByKernel)
    ? { messages: [...messages] }
    : await standardizePrompt({ messages: [...messages] });
  return convertToLanguageModelPrompt({
    prompt: checked,
    supportedUrls: await model.supportedUrls,
    download: undefined,
    abortSignal: signal,
  });
}
