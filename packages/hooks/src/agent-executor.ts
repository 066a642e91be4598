/**
 * The agent hook executor (Claude Code's `type: "agent"`): a sub-agent with read-only tools
 * checks the condition the hook's prompt describes and ends with `{ok, reason}`, which becomes
 * command-hook stdout as a prompt hook's verdict does. The engine knows no tools: the harness
 * runs the sub-agent (`runAgent`); this file frames the question, bounds the run and reads the answer.
 */
import type { AgentSpec, HookExecutor, RunContext, RunOutcome } from "./executor.js";
import { expandPromptTemplate } from "./prompt-executor.js";
import { findVerdict, verdictStdout } from "./prompt-verdict.js";
import { startDeadline, untilAborted } from "./run-deadline.js";

/** What the harness is asked to run for one agent hook. */
export interface AgentHookRequest {
  /** The sub-agent's instructions: what it checks and the one reply format that is read. */
  system: string;
  /** The hook's prompt with `$ARGUMENTS` replaced by the hook input JSON. */
  prompt: string;
  /** The entry's `model`; absent = the session's current model. */
  model?: string;
  /** The conversation's transcript, which the sub-agent may read (from the hook input). */
  transcriptPath?: string;
  /** Most model steps before the run counts as failed (Claude Code's 50). */
  maxTurns: number;
  signal: AbortSignal;
}

/** Runs the sub-agent and resolves to its final answer text; rejects when it failed or ran out of turns. */
export type AgentHookRunner = (request: AgentHookRequest) => Promise<string>;

export interface AgentExecutorOptions {
  runAgent: AgentHookRunner;
}

/** Claude Code ends an agent hook that has not answered after 50 model turns. */
export const AGENT_HOOK_MAX_TURNS = 50;

export function createAgentExecutor(options: AgentExecutorOptions): HookExecutor<AgentSpec> {
  return { run: (spec, ctx) => runAgentHook(spec, ctx, options.runAgent) };
}

/** The verifying sub-agent's instructions, Claude Code's in codebot's words. */
export function agentHookSystemPrompt(event: string, transcriptPath: string | undefined): string {
  const task =
    event === "Stop" || event === "SubagentStop"
      ? "You are verifying a stop condition of a coding agent: check that the agent completed what the user message describes."
      : `You are evaluating a ${event} hook of a coding agent: check the condition described in the user message.`;
  return [
    task,
    transcriptPath === undefined
      ? ""
      : `The conversation transcript (JSON lines) is at ${transcriptPath}; read it if you need the conversation's history.`,
    "Use the available tools (read, glob, grep) to inspect the project and verify the condition, in as few steps as you can.",
    'When done, reply with only a JSON object: {"ok": true, "reason": "<why>"} when the condition holds, or',
    '{"ok": false, "reason": "<why, addressed to the agent>"} when it does not.',
  ]
    .filter((line) => line !== "")
    .join("\n");
}

async function runAgentHook(
  spec: AgentSpec,
  ctx: RunContext,
  runAgent: AgentHookRunner,
): Promise<RunOutcome> {
  const input = hookInput(ctx.payload);
  const deadline = startDeadline(ctx);
  try {
    const answer = await untilAborted(
      runAgent({
        system: agentHookSystemPrompt(input.event, input.transcriptPath),
        prompt: expandPromptTemplate(spec.prompt, ctx.payload),
        ...(spec.model !== undefined ? { model: spec.model } : {}),
        ...(input.transcriptPath !== undefined ? { transcriptPath: input.transcriptPath } : {}),
        maxTurns: AGENT_HOOK_MAX_TURNS,
        signal: deadline.signal,
      }),
      deadline.signal,
    );
    const verdict = findVerdict(answer);
    if (verdict === undefined)
      return {
        stdout: "",
        stderr: answer,
        exitCode: null,
        error: 'agent hook: the sub-agent ended without a verdict ({"ok": …, "reason": …})',
      };
    return { stdout: verdictStdout(verdict), stderr: "", exitCode: 0 };
  } catch (err) {
    return deadline.failed("agent hook", err);
  } finally {
    deadline.dispose();
  }
}

/** The event and transcript of the hook input, whichever dialect wrote it. */
function hookInput(payload: string): { event: string; transcriptPath?: string } {
  let value: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(payload);
    if (parsed !== null && typeof parsed === "object") value = parsed as Record<string, unknown>;
  } catch {
    // A payload is always JSON; an unreadable one only loses the event's name in the instructions.
  }
  const event = value.hook_event_name ?? value.event;
  const transcript = value.transcript_path;
  return {
    event: typeof event === "string" ? event : "hook",
    ...(typeof transcript === "string" && transcript !== "" ? { transcriptPath: transcript } : {}),
  };
}
