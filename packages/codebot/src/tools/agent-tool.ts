import type { LanguageModelV3 } from "@ai-sdk/provider";
import {
  type AgentEvent,
  agentLoop,
  type LoopResult,
  type Tool,
  type ToolMiddleware,
} from "@codebot/agentcore";
import type { ModelMessage } from "ai";
import { z } from "zod";
import { finalText } from "../session/prompt-result.js";
import { userTurn } from "../session/user-turn.js";

/** What a sub-agent shares with the session that starts it. */
export interface SubagentHost {
  /** The session's current model. */
  model(): LanguageModelV3;
  /** The session's tools without `agent` (sub-agents do not nest). */
  tools: readonly Tool[];
  /** The session's middleware: the same hooks, approval and change tracking. */
  middleware: readonly ToolMiddleware[];
  systemPrompt(name: string): string;
  maxTurns?: number;
  /** Every event of the sub-agent's loop (transcript, subscribers). */
  onEvent(agentName: string, event: AgentEvent): void;
  /** Records the sub-agent's prompt, which the loop does not announce as an event. */
  recordMessage(agentName: string, message: ModelMessage): void;
  /** Fires SubagentStart before the sub-agent's loop; resolves to the hooks' context for it. */
  started(agentName: string): Promise<string | undefined>;
  /** Fires SubagentStop, with the sub-agent's last text when it has one. */
  stopped(agentName: string, lastAssistantMessage?: string): void;
}

const inputSchema = z.object({
  name: z
    .string()
    .min(1)
    .max(64)
    .refine((n) => n !== "main", { message: '"main" is the top-level agent; choose another name' })
    .describe("A short name for the sub-agent, e.g. test-runner"),
  prompt: z.string().min(1).describe("The task for the sub-agent, with everything it needs to know"),
});

/**
 * `agent {name, prompt}`: runs a sub-agent with its own loop, the same model, tools (minus
 * `agent`) and middleware; its final text is the result. SubagentStop fires whenever its loop
 * exits, whatever the reason.
 */
export function agentTool(host: SubagentHost): Tool<z.infer<typeof inputSchema>> {
  return {
    name: "agent",
    description:
      "Start a sub-agent on a self-contained task. It has the same tools (except agent) and reports back its final answer.",
    inputSchema,
    async execute(args, ctx) {
      // The caller's message with this very call reaches the transcript first, so the sub-agent's lines follow it.
      await ctx.eventsDelivered();
      // SubagentStart's context goes into the sub-agent's first message, as UserPromptSubmit's does for the main agent.
      const prompt = userTurn(args.prompt, await host.started(args.name));
      let result: LoopResult | undefined;
      try {
        const stream = agentLoop({
          model: host.model(),
          systemPrompt: host.systemPrompt(args.name),
          messages: [prompt],
          tools: [...host.tools],
          middleware: [...host.middleware],
          maxTurns: host.maxTurns,
          signal: ctx.signal,
          agentName: args.name,
        });
        host.recordMessage(args.name, prompt);
        for await (const event of stream) host.onEvent(args.name, event);
        result = await stream.result();
      } catch (error) {
        return { content: `agent ${args.name}: failed: ${(error as Error).message}`, isError: true };
      } finally {
        host.stopped(args.name, result ? finalText(result.newMessages) : undefined);
      }
      const text = finalText(result.newMessages);
      if (result.reason === "stop") return { content: text === "" ? "(no answer)" : text, isError: false };
      const why = result.reason === "error" ? `error: ${result.error?.message ?? "unknown"}` : result.reason;
      return {
        content: `agent ${args.name}: ended early (${why})${text === "" ? "" : `\n${text}`}`,
        isError: true,
      };
    },
  };
}
