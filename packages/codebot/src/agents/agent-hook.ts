/**
 * The sub-agent behind an `agent` hook (the engine's AgentHookRunner): its own loop with only
 * read, glob and grep over the project (and the transcript it is pointed at), the session's
 * approval (deny rules hold for its reads too) and no hooks — a hook's verifier does not fire
 * hooks, so a PreToolUse agent hook cannot set itself off. Its final text is the answer the
 * engine reads the verdict from.
 */
import type { LanguageModelV3 } from "@ai-sdk/provider";
import { agentLoop, type ToolMiddleware, type Usage } from "@codebot/agentcore";
import type { AgentHookRunner } from "@codebot/hooks";
import type { PathPolicy } from "../paths/path-policy.js";
import { finalText } from "../session/prompt-result.js";
import { globTool } from "../tools/glob-tool.js";
import { grepTool } from "../tools/grep-tool.js";
import { readTool } from "../tools/read-tool.js";

export interface AgentHookDeps {
  /** The session's current model (no spec), or the hook's own `model` (`provider/id`, an alias, a bare id). */
  model(spec?: string): Promise<LanguageModelV3>;
  paths: PathPolicy;
  /** Settings `env` (the tools' environment). */
  env: Record<string, string>;
  /** The session's approval middleware. */
  approval: ToolMiddleware;
  /**
   * Told what each of the sub-agent's model steps used, on the hook's `model` (undefined: the
   * session's), for the session's usage, cost and spending limit — as a prompt hook's call is.
   */
  used?(modelSpec: string | undefined, usage: Usage): void;
}

/** The name its tool calls carry (approval questions, traces). */
const AGENT_NAME = "hook-verifier";

export function agentHookRunner(deps: AgentHookDeps): AgentHookRunner {
  return async (request) => {
    const model = await deps.model(request.model);
    const paths =
      request.transcriptPath === undefined ? deps.paths : deps.paths.withFile(request.transcriptPath);
    const toolEnv = { paths, env: deps.env };
    const stream = agentLoop({
      model,
      systemPrompt: request.system,
      messages: [{ role: "user", content: request.prompt }],
      tools: [readTool(toolEnv), globTool(toolEnv), grepTool(toolEnv)],
      middleware: [deps.approval],
      maxTurns: request.maxTurns,
      signal: request.signal,
      agentName: AGENT_NAME,
    });
    for await (const event of stream) {
      // Only the answer and what each step used count; the steps are not part of the session's transcript.
      if (event.type === "step_usage") deps.used?.(request.model, event.usage);
    }
    const result = await stream.result();
    if (result.reason === "stop") return finalText(result.newMessages);
    if (result.reason === "max_turns")
      throw new Error(`the sub-agent did not answer within ${request.maxTurns} turns`);
    if (result.reason === "error") throw result.error ?? new Error("the sub-agent failed");
    throw new Error("aborted");
  };
}
