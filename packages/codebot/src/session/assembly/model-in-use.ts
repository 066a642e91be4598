import type { LanguageModelV3 } from "@ai-sdk/provider";
import type { EffortLevel, Env, RetryPolicy } from "@codebot/agentcore";
import { millisecondsVariable } from "../../settings/milliseconds-variable.js";
import type { RuntimeSettings } from "../../settings/runtime-settings.js";
import { retryPolicyOf } from "../max-retries.js";
import {
  changeEffort,
  changeThinking,
  effortOfModel,
  modelEnv,
  modelFromSpec,
  type ThinkingChange,
  thinkingOfModel,
} from "../model-env.js";
import type { RuntimeOptions } from "../runtime-options.js";
import { sessionModel } from "../session-model.js";
import { toolConcurrencyOf } from "../tool-concurrency.js";
import type { Notify } from "./session-notices.js";

/**
 * The model phase: the main agent's model (`/model`, `--agent`'s own model change it) and the
 * environment every model of the session is resolved from (`env` of the settings too), with the
 * fallback models of `--fallback-model`.
 */
export class ModelInUse {
  private constructor(
    /** What the model (and a prompt hook's, a sub-agent's) is resolved from; `/effort` and `/thinking` change it. */
    readonly access: Env,
    public model: LanguageModelV3,
    /** The `provider/id` the model is known by. */
    public spec: string,
    /** Each fallback model by its spec: a step is priced, and counted in /cost, as the model that made it. */
    private readonly fallbackSpecs: ReadonlyMap<LanguageModelV3, string>,
  ) {}

  static async choose(
    options: RuntimeOptions,
    settings: RuntimeSettings,
    env: Env,
    notify: Notify,
  ): Promise<ModelInUse> {
    const access = modelEnv(env, settings, {
      ...(options.anthropicBetas !== undefined ? { anthropicBetas: options.anthropicBetas } : {}),
      ...(options.effort !== undefined ? { effort: options.effort } : {}),
      ...(options.maxThinkingTokens !== undefined ? { maxThinkingTokens: options.maxThinkingTokens } : {}),
      ...(options.thinkingDisplay !== undefined ? { thinkingDisplay: options.thinkingDisplay } : {}),
    });
    const first = sessionModel(options.model, settings, access);
    const model = await modelOf(first, access);
    const spec = specOf(first);
    // Claude's effort is not mapped to OpenAI's reasoning effort: other levels, and a model that
    // does not reason (gpt-4.1, codebot's OpenAI default) refuses the field.
    if (options.effort !== undefined && !spec.startsWith("anthropic/"))
      notify(`--effort: ${spec} is not an Anthropic model; it is asked without an effort`);
    const fallbackSpecs = new Map<LanguageModelV3, string>();
    for (const fallbackSpec of options.fallbackModels ?? []) {
      // Said as the flag's: "model: unknown provider" alone reads as --model's problem.
      const fallback = await modelOf(fallbackSpec, access).catch((error: Error) => {
        throw new Error(`--fallback-model ${fallbackSpec}: ${error.message}`);
      });
      fallbackSpecs.set(fallback, fallbackSpec);
    }
    return new ModelInUse(access, model, spec, fallbackSpecs);
  }

  /** The fallback models, in the order given. */
  fallbacks(): LanguageModelV3[] {
    return [...this.fallbackSpecs.keys()];
  }

  /** The spec a step is priced as: the fallback model's that made it, else the model in use's. */
  readonly specOfStep = (stepModel: LanguageModelV3): string =>
    this.fallbackSpecs.get(stepModel) ?? this.spec;

  /** The effort the model in use is asked with (none: not an Anthropic model). */
  effort(): EffortLevel | undefined {
    return effortOfModel(this.spec, this.access);
  }

  /** Whether the model in use is asked with thinking on (model-env.ts thinkingOfModel). */
  thinking(): boolean {
    return thinkingOfModel(this.spec, this.access);
  }

  /** Another model: given, or resolved from its `provider/id` spec. */
  async switchTo(next: LanguageModelV3 | string): Promise<LanguageModelV3> {
    this.model = await modelOf(next, this.access);
    this.spec = specOf(next);
    return this.model;
  }

  /** `/effort`: true when the model was made again, carrying the new level. */
  changeEffort(level: EffortLevel | undefined): Promise<boolean> {
    changeEffort(this.access, level);
    return this.remade();
  }

  /** `/thinking`: true when the model was made again, carrying the new budget. */
  changeThinking(change: ThinkingChange): Promise<boolean> {
    changeThinking(this.access, change);
    return this.remade();
  }

  /** The model carries its effort and thinking from when it was made: made again (only Anthropic's take them). */
  private async remade(): Promise<boolean> {
    if (!this.spec.startsWith("anthropic/")) return false;
    this.model = await modelOf(this.spec, this.access);
    return true;
  }
}

/** What every model stream of the session is held to: the main agent's, sub-agents', compaction's. */
export interface ModelCallLimits {
  /** Absent: the kernel's 300 s. */
  idleTimeoutMs?: number;
  toolConcurrency?: number;
  /** The main agent's and sub-agents' model calls are retried alike. */
  retry?: RetryPolicy;
}

/** The limits of the session's model calls, from its environment (each variable's problem told once). */
export function modelCallLimits(env: Env, access: Env, notify: Notify): ModelCallLimits {
  const idleTimeoutMs = millisecondsVariable(
    "CODEBOT_STREAM_IDLE_TIMEOUT_MS",
    env.CODEBOT_STREAM_IDLE_TIMEOUT_MS,
    1,
    notify,
  );
  const toolConcurrency = toolConcurrencyOf(access, notify);
  const retry = retryPolicyOf(access, notify);
  return {
    ...(idleTimeoutMs !== undefined ? { idleTimeoutMs } : {}),
    ...(toolConcurrency !== undefined ? { toolConcurrency } : {}),
    ...(retry !== undefined ? { retry } : {}),
  };
}

/** The `provider/id` a model is known by (a model object: its provider and id). */
function specOf(given: LanguageModelV3 | string): string {
  return typeof given === "string" ? given : `${given.provider.split(".")[0]}/${given.modelId}`;
}

/** A model as given, or resolved from its `provider/id` spec. */
function modelOf(given: LanguageModelV3 | string, env: Env): Promise<LanguageModelV3> {
  return typeof given === "string" ? modelFromSpec(given, env) : Promise.resolve(given);
}
