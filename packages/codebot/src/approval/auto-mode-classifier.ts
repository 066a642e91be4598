import type { LanguageModelV3 } from "@ai-sdk/provider";
import type { ToolCall, Usage } from "@codebot/agentcore";
import type { LanguageModelUsage, ModelMessage } from "ai";
import type { AutoModeLists } from "../settings/auto-mode-lists.js";
import { type ClassifierVerdict, readClassifierAnswer, shortened } from "./auto-mode-answer.js";
import { classifierPrompt, classifierSystemPrompt } from "./auto-mode-prompt.js";

/** Judges, in `auto` mode, a tool call that would otherwise be asked about. */
export interface AutoModeClassifier {
  judge(call: ToolCall, signal: AbortSignal): Promise<ClassifierVerdict>;
}

export interface ClassifierOptions {
  /** The model that judges: the session's current one. */
  model(): LanguageModelV3;
  /** The conversation so far (the main agent's). */
  messages(): readonly ModelMessage[];
  projectDir: string;
  /** The `autoMode` settings' lists as they stand (a settings change reaches the next call). */
  lists(): AutoModeLists;
  /** The deny rules in effect now (their text), which the classifier is told of. */
  denyRules(): readonly string[];
  /** What an answered request used: the session's usage and `--max-budget-usd` count it, as claude counts its classifier's. */
  used(usage: Usage): void;
  /** The longest wait for a verdict; past it the call has none. */
  timeoutMs: number;
}

/** Default of CODEBOT_AUTO_MODE_TIMEOUT_MS. */
export const DEFAULT_CLASSIFIER_TIMEOUT_MS = 60_000;

/**
 * The classifier as one request of the session's own model (its provider, its key), not
 * streamed, as claude 2.1.328 asks its classifier (recorded). A failed request is tried once
 * more (the AI SDK's retry, which waits first); an error, a timeout or an answer without a verdict
 * is no verdict, and no verdict never runs the call (tool-approval.ts).
 */
export function autoModeClassifier(options: ClassifierOptions): AutoModeClassifier {
  return {
    async judge(call, signal) {
      const timeout = AbortSignal.timeout(options.timeoutMs);
      const both = AbortSignal.any([signal, timeout]);
      try {
        // `ai` loads when auto mode first judges a call, not with the session (start-up time).
        const { generateText } = await import("ai");
        // The model may ignore the abort signal; the race still ends the wait on time.
        const result = await untilAborted(
          generateText({
            model: options.model(),
            system: classifierSystemPrompt(options.projectDir, options.lists(), options.denyRules()),
            prompt: classifierPrompt(options.messages(), call),
            maxOutputTokens: 1024,
            maxRetries: 1,
            abortSignal: both,
          }),
          both,
        );
        options.used(tokensOf(result.usage));
        return readClassifierAnswer(result.text);
      } catch (error) {
        if (timeout.aborted && !signal.aborted)
          return { verdict: "unavailable", why: `no answer within ${options.timeoutMs} ms` };
        const message = error instanceof Error ? error.message : String(error);
        return { verdict: "unavailable", why: shortened(message.split("\n")[0] || "failed") };
      }
    },
  };
}

function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(signal.reason);
    if (signal.aborted) return stop();
    signal.addEventListener("abort", stop, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", stop));
  });
}

/** The AI SDK's usage in agentcore's terms (cache reads and writes within the input total, as a model step counts them). */
export function tokensOf(usage: LanguageModelUsage): Usage {
  return {
    inputTokens: usage.inputTokens ?? 0,
    outputTokens: usage.outputTokens ?? 0,
    cacheReadTokens: usage.inputTokenDetails?.cacheReadTokens ?? 0,
    cacheWriteTokens: usage.inputTokenDetails?.cacheWriteTokens ?? 0,
  };
}
