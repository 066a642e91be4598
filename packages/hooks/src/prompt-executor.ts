/**
 * The prompt hook executor (§6.2): one single-turn model call, no tools, whose reply
 * `{ok, reason}` becomes command-hook stdout (`{"block":true,"reason":…}`), so every hook type
 * goes through one interpretation.
 */
import type { LanguageModel, LanguageModelUsage } from "ai";
import { CLAUDE_STOP_VERIFIER_SYSTEM, stopVerifierMessages } from "./claude-stop-verifier.js";
import type { HookExecutor, PromptSpec, RunContext, RunOutcome } from "./executor.js";
import { findVerdict, parsePromptVerdict, verdictStdout } from "./prompt-verdict.js";
import { startDeadline, untilAborted } from "./run-deadline.js";

/** An AI SDK v3 language model (the kernel's model type, without a dependency on @ai-sdk/provider). */
export type PromptModel = Extract<LanguageModel, { specificationVersion: "v3" }>;

export interface PromptExecutorOptions {
  /**
   * `undefined` → the session's model at the time of the run (so a model switch is followed);
   * otherwise the entry's `provider/model-id`.
   */
  resolveModel: (modelSpec?: string) => PromptModel | Promise<PromptModel>;
  /** Told what each answered call used, on the entry's `model` (undefined: the session's), for the session's count. */
  used?: (modelSpec: string | undefined, usage: LanguageModelUsage) => void;
}

/** Tells the model the one reply format the verdict parser reads. */
export const PROMPT_HOOK_SYSTEM =
  "You are a hook that checks one step of a coding agent. Follow the instructions in the user " +
  'message, then reply with only a JSON object: {"ok": true} to let the step proceed, or ' +
  '{"ok": false, "reason": "<why, addressed to the agent>"} to stop it.';

const ARGUMENTS = "$ARGUMENTS";

export function createPromptExecutor(options: PromptExecutorOptions): HookExecutor<PromptSpec> {
  return { run: (spec, ctx) => runPromptHook(spec, ctx, options) };
}

/**
 * The template with every `$ARGUMENTS` replaced by the payload; a template without one gets
 * nothing, or with `appendArguments` the payload after it as `ARGUMENTS: …` (Claude Code's way).
 */
export function expandPromptTemplate(template: string, payload: string, appendArguments = false): string {
  if (appendArguments && !template.includes(ARGUMENTS)) return `${template}\n\nARGUMENTS: ${payload}`;
  // split/join, not replace(): a payload containing `$&` or `$1` must be inserted verbatim.
  return template.split(ARGUMENTS).join(payload);
}

async function runPromptHook(
  spec: PromptSpec,
  ctx: RunContext,
  { resolveModel, used }: PromptExecutorOptions,
): Promise<RunOutcome> {
  const deadline = startDeadline(ctx);
  try {
    const model = await untilAborted(Promise.resolve(resolveModel(spec.model)), deadline.signal);
    if (!model) throw new Error("no model available");
    // `ai` loads on the first prompt hook run, not with the hooks engine (start-up time).
    const { generateText } = await untilAborted(import("ai"), deadline.signal);
    const prompt = expandPromptTemplate(spec.prompt, ctx.payload, spec.appendArguments);
    // A Claude Code Stop or SubagentStop hook judges the conversation, as claude's does (claude-stop-verifier.ts).
    const request = ctx.conversation
      ? { system: CLAUDE_STOP_VERIFIER_SYSTEM, messages: stopVerifierMessages(ctx.conversation, prompt) }
      : { system: PROMPT_HOOK_SYSTEM, prompt };
    // The model may ignore the abort signal; the race still ends the run on time.
    const result = await untilAborted(
      generateText({
        model,
        ...request,
        maxRetries: 0,
        abortSignal: deadline.signal,
      }),
      deadline.signal,
    );
    used?.(spec.model, result.usage);
    // claude's Stop verifier reports an answer without a verdict ("JSON validation failed", recorded
    // with 2.1.328) where §6.2's native prompt hook allows in silence: either way the stop goes on.
    if (ctx.conversation && findVerdict(result.text) === undefined) {
      return { stdout: "", stderr: "", exitCode: null, error: `prompt hook: ${noVerdict(result.text)}` };
    }
    return {
      stdout: verdictStdout(parsePromptVerdict(result.text), spec.stopOnBlock),
      stderr: "",
      exitCode: 0,
    };
  } catch (err) {
    return deadline.failed("prompt hook", err);
  } finally {
    deadline.dispose();
  }
}

/** The words for a verifier's answer that holds no `{"ok": …}`, with its start quoted (JSON-escaped: model text). */
function noVerdict(answer: string): string {
  const start = answer.trim().slice(0, 200);
  const more = answer.trim().length > start.length ? "…" : "";
  return `the model's answer holds no {"ok": true|false} verdict: ${JSON.stringify(start)}${more}`;
}
