import type { AgentEvent, ToolCall } from "@codebot/agentcore";

/**
 * How far a background sub-agent's run has got, from its loop's events: what `/tasks` shows of it
 * and its `<task-notification>` counts, as claude 2.1.328's `/tasks` panel shows a run (recorded:
 * `general-purpose · 7s · 15 tokens · 2 tools`, its tool calls under `Progress`, the last one
 * marked as going on).
 */
export class RunProgress {
  /** Its tool calls so far, in the order they started. */
  readonly calls: ToolCall[] = [];
  /** The tool calls that have ended (claude's notification's `tool_uses`). */
  toolUses = 0;
  /**
   * The tokens of its last model step, input and output: the size of its context now. claude's
   * count is this one (recorded: `15 tokens` after two steps of 10 in and 5 out each), not a sum.
   */
  tokens = 0;
  /** When it last did something (ms since the epoch): a step's answer, a tool call's start or end. */
  lastActiveAt: number;

  constructor(now: number) {
    this.lastActiveAt = now;
  }

  see(event: AgentEvent, now: number): void {
    if (event.type === "step_usage") this.tokens = event.usage.inputTokens + event.usage.outputTokens;
    else if (event.type === "tool_execution_start") this.calls.push(event.call);
    else if (event.type === "tool_execution_end") this.toolUses += 1;
    else return;
    this.lastActiveAt = now;
  }
}
