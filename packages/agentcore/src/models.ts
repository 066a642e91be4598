import type { LanguageModelV3, LanguageModelV3CallOptions } from "@ai-sdk/provider";
import { EFFORT_BETA, type EffortChoice, type EffortLevel, effortToSend } from "./effort.js";
import { outputTokensToSend } from "./output-tokens.js";
import type { RotatingKey } from "./rotating-key.js";
import { routedModel } from "./routed-model.js";
import {
  INTERLEAVED_THINKING_BETA,
  type ThinkingDisplay,
  type ThinkingToSend,
  thinkingToSend,
} from "./thinking.js";
import { wireCachedModel } from "./wire-cache/wire-cached-model.js";

/**
 * Model specs are `provider/model-id`:
 * - `anthropic/<id>`: Anthropic Messages API. ANTHROPIC_API_KEY, else ANTHROPIC_AUTH_TOKEN (sent as a
 *   bearer token, as Claude Code does); ANTHROPIC_BASE_URL is the host WITHOUT `/v1` (the official
 *   SDKs' convention; `/v1` is appended here).
 * - `openai/<id>`: OpenAI chat completions (not the Responses API). OPENAI_API_KEY; OPENAI_BASE_URL
 *   includes `/v1` (the official SDKs' convention).
 * - `compat/<id>`: any OpenAI-compatible chat completions server (vLLM, Ollama, LM Studio, …).
 *   CODEBOT_COMPAT_BASE_URL (required, includes `/v1`); CODEBOT_COMPAT_API_KEY (optional: local
 *   servers often need none). The id may itself contain `/` (`compat/meta-llama/Llama-3-8B`).
 */

/** Environment variables, as in `process.env`. */
export type Env = Record<string, string | undefined>;

/** A model spec that cannot be turned into a model; the message says what to set or fix, in one line. */
export class ModelConfigError extends Error {
  override readonly name = "ModelConfigError";
}

export const DEFAULT_ANTHROPIC_MODEL = "anthropic/claude-sonnet-4-5";
export const DEFAULT_OPENAI_MODEL = "openai/gpt-4.1";

const PROVIDERS = ["anthropic", "openai", "compat"] as const;

/**
 * Said after a missing Anthropic key, the default provider's: a first run with no key, or with an
 * OpenAI key under another name, learnt of Anthropic alone.
 */
const OTHER_PROVIDERS = `; for OpenAI set OPENAI_API_KEY and use --model ${DEFAULT_OPENAI_MODEL}, for a local server see "Choosing a model" in docs/cli.md`;

/** CODEBOT_MODEL if set; else the default model of the provider whose key is present (Anthropic first). */
export function defaultModelSpec(env: Env = process.env): string {
  const configured = env.CODEBOT_MODEL?.trim();
  if (configured) return configured;
  if (!env.ANTHROPIC_API_KEY && !env.ANTHROPIC_AUTH_TOKEN && env.OPENAI_API_KEY) return DEFAULT_OPENAI_MODEL;
  return DEFAULT_ANTHROPIC_MODEL;
}

/**
 * Builds the model for a spec. Async because each provider package is loaded only when a model
 * of that provider is asked for, which keeps the CLI's start-up fast. Every setting is read from
 * `env` (the provider packages' own environment fallbacks are never used). Requests go through
 * httpFetch (see there why not Node's fetch), and a conversation's messages are serialised once
 * (wire-cache/wire-cached-model.ts).
 */
export async function resolveModel(
  spec: string,
  env: Env = process.env,
  options: ModelAccessOptions = {},
): Promise<LanguageModelV3> {
  const key = spec.startsWith("anthropic/") ? options.anthropicKey : undefined;
  return wireCachedModel(await providerModels(spec, env, options), key);
}

export interface ModelAccessOptions {
  /**
   * An Anthropic key that changes while the process runs (Claude Code's apiKeyHelper): sent
   * with each request in place of `ANTHROPIC_API_KEY`, asked for again after a 401.
   */
  anthropicKey?: RotatingKey;
  /** Beta names sent in every Anthropic request's `anthropic-beta` header, besides the provider's own. */
  anthropicBetas?: readonly string[];
  /**
   * Claude Code's effort: each Anthropic model is sent what it takes of it (effort.ts); no choice
   * sends a known model's own default, as claude does. Other providers' models get none.
   */
  effort?: EffortChoice;
  /** Claude Code's `maxEffortLevel`: no Anthropic request carries an effort above it (effort.ts). */
  maxEffort?: EffortLevel;
  /**
   * Whether Anthropic models are asked to think (thinking.ts); false: Claude Code's
   * `alwaysThinkingEnabled: false`. Default true.
   */
  thinking?: boolean;
  /**
   * The thinking budget (MAX_THINKING_TOKENS, the Agent SDK's `setMaxThinkingTokens()`,
   * `--max-thinking-tokens`), as claude 2.1.328 sends it (thinking.ts): 0 turns thinking off; a
   * budget is sent to the models that take one (`{type: "enabled", budget_tokens}`), the adaptive
   * ones keep their adaptive thinking. None: a budget model's default, 31999.
   */
  maxThinkingTokens?: number;
  /** `--thinking-display`: `summarized` is the adaptive thinking's display (thinking.ts). */
  thinkingDisplay?: ThinkingDisplay;
  /**
   * The `max_tokens` asked for (CLAUDE_CODE_MAX_OUTPUT_TOKENS): each Anthropic model is sent it
   * lowered to its most, or its own default without it, as claude sends them (output-tokens.ts).
   */
  maxOutputTokens?: number;
}

/**
 * `ANTHROPIC_BETAS`: comma-separated beta names. A control character (a CR or LF would start
 * another header line) is refused in one line, before any request: fetch's own error quoted the
 * value across lines.
 */
function envBetas(value: string | undefined): string[] {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
  if (value !== undefined && /[\u0000-\u001f\u007f]/.test(value))
    throw new ModelConfigError(
      "model: ANTHROPIC_BETAS holds a control character (a line break?); it is comma-separated beta names such as context-1m-2025-08-07",
    );
  return (value ?? "")
    .split(",")
    .map((beta) => beta.trim())
    .filter((beta) => beta !== "");
}

/** What a model's requests are asked with (betas, effort, thinking, output limit): ModelAccessOptions less the key and fetch. */
export type ModelRequestOptions = Pick<
  ModelAccessOptions,
  | "anthropicBetas"
  | "effort"
  | "maxEffort"
  | "thinking"
  | "maxThinkingTokens"
  | "thinkingDisplay"
  | "maxOutputTokens"
>;

/** The provider's own model for a spec, making its requests with the `fetch` it is given. */
export async function providerModels(
  spec: string,
  env: Env,
  access: ModelRequestOptions = {},
): Promise<(fetch: typeof globalThis.fetch) => LanguageModelV3> {
  const slash = spec.indexOf("/");
  const provider = slash > 0 ? spec.slice(0, slash) : "";
  const modelId = slash > 0 ? spec.slice(slash + 1).trim() : "";
  if (!provider || !modelId) {
    throw new ModelConfigError(`model: "${spec}" is not provider/model-id (e.g. ${DEFAULT_ANTHROPIC_MODEL})`);
  }
  const need = (name: string, otherwise = ""): string => {
    const value = env[name]?.trim();
    if (!value) throw new ModelConfigError(`model: ${name} is not set (needed for ${spec})${otherwise}`);
    return value;
  };
  switch (provider) {
    case "anthropic": {
      // Claude Code's ANTHROPIC_AUTH_TOKEN (a gateway's bearer token) when there is no API key.
      const authToken = env.ANTHROPIC_API_KEY?.trim() ? undefined : env.ANTHROPIC_AUTH_TOKEN?.trim();
      const auth = authToken ? { authToken } : { apiKey: need("ANTHROPIC_API_KEY", OTHER_PROVIDERS) };
      const { createAnthropic } = await import("@ai-sdk/anthropic");
      const baseURL = anthropicBaseUrl(checkedUrl("ANTHROPIC_BASE_URL", env.ANTHROPIC_BASE_URL));
      const effort = effortToSend(modelId, access.effort, access.maxEffort);
      const maxTokens = outputTokensToSend(modelId, access.maxOutputTokens);
      const thinking = thinkingToSend(
        modelId,
        access.thinking,
        access.maxThinkingTokens,
        access.thinkingDisplay,
        maxTokens,
      );
      // The provider adds the betas it needs itself to those of this header, but not effort's
      // nor interleaved thinking's, which claude 2.1.328 names. ANTHROPIC_BETAS (Claude Code's
      // variable) goes as it is, unfiltered, as claude sends it.
      const betas = [
        ...new Set([
          ...envBetas(env.ANTHROPIC_BETAS),
          ...(access.anthropicBetas ?? []),
          ...(effort ? [EFFORT_BETA] : []),
          ...(thinking?.type === "enabled" ? [INTERLEAVED_THINKING_BETA] : []),
        ]),
      ];
      const headers = betas.length > 0 ? { headers: { "anthropic-beta": betas.join(",") } } : {};
      const options = { ...(effort ? { effort } : {}), ...(thinking ? { thinking } : {}) };
      return (fetch) => {
        const model = createAnthropic({ ...auth, baseURL, fetch, ...headers })(modelId);
        return withAnthropicOptions(model, options, maxTokens);
      };
    }
    case "openai": {
      const apiKey = need("OPENAI_API_KEY");
      const { createOpenAI } = await import("@ai-sdk/openai");
      const baseURL =
        trimSlashes(checkedUrl("OPENAI_BASE_URL", env.OPENAI_BASE_URL)) || "https://api.openai.com/v1";
      return (fetch) => createOpenAI({ apiKey, baseURL, fetch }).chat(modelId);
    }
    case "compat": {
      const baseURL = trimSlashes(checkedUrl("CODEBOT_COMPAT_BASE_URL", need("CODEBOT_COMPAT_BASE_URL")));
      const apiKey = env.CODEBOT_COMPAT_API_KEY?.trim() || undefined;
      const { createOpenAICompatible } = await import("@ai-sdk/openai-compatible");
      return (fetch) =>
        createOpenAICompatible({ name: "compat", baseURL, apiKey, includeUsage: true, fetch }).chatModel(
          modelId,
        );
    }
    default:
      throw new ModelConfigError(
        `model: unknown provider "${provider}" in "${spec}" (known: ${PROVIDERS.map((p) => `${p}/`).join(", ")})`,
      );
  }
}

/**
 * The model with `effort` (sent as `output_config.effort`) and `thinking` in every call's
 * Anthropic provider options; a call's own win (a prompt hook's thinking off, without-thinking.ts).
 * Every request is sent `max_tokens` of `maxTokens` (a call's own `maxOutputTokens` wins): the AI
 * SDK adds a thinking budget to the `maxOutputTokens` it is given, so the budget is taken off here.
 * A budget not below `maxTokens` (CLAUDE_CODE_MAX_OUTPUT_TOKENS under 1025) leaves one token for
 * the answer; claude sends its `max_tokens` below such a budget.
 */
function withAnthropicOptions(
  model: LanguageModelV3,
  added: { effort?: EffortLevel; thinking?: ThinkingToSend },
  maxTokens: number,
): LanguageModelV3 {
  const withIt = (options: LanguageModelV3CallOptions): LanguageModelV3CallOptions => {
    const anthropic = { ...added, ...options.providerOptions?.anthropic };
    const thinking = anthropic.thinking as ThinkingToSend | undefined;
    const budget = thinking?.type === "enabled" ? thinking.budgetTokens : 0;
    return {
      ...options,
      maxOutputTokens: options.maxOutputTokens ?? Math.max(1, maxTokens - budget),
      providerOptions: { ...options.providerOptions, anthropic },
    };
  };
  return routedModel(model, {
    doGenerate: (options) => model.doGenerate(withIt(options)),
    doStream: (options) => model.doStream(withIt(options)),
  });
}

/** The official Anthropic convention gives the host without `/v1`; the AI SDK wants it with. */
function anthropicBaseUrl(value: string | undefined): string {
  const base = trimSlashes(value) || "https://api.anthropic.com";
  return base.endsWith("/v1") ? base : `${base}/v1`;
}

/**
 * A base URL as given, refused in one line before any request when it is no http(s) URL: without
 * its scheme (`localhost:11434/v1`, the way servers print their address) the request failed with
 * the bare "Invalid URL", or went to a "localhost:" scheme.
 */
function checkedUrl(name: string, value: string | undefined): string | undefined {
  const given = value?.trim();
  if (!given) return value;
  let protocol: string | undefined;
  try {
    protocol = new URL(given).protocol;
  } catch {
    protocol = undefined;
  }
  if (protocol === "http:" || protocol === "https:") return value;
  const example = given.includes("://") ? "http://host:port or https://host" : `http://${given}`;
  throw new ModelConfigError(
    `model: ${name} "${given}" is not an http:// or https:// URL (write it as ${example})`,
  );
}

function trimSlashes(value: string | undefined): string {
  return (value ?? "").trim().replace(/\/+$/, "");
}
