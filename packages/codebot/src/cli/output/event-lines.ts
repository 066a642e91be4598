import type { ThinkingDisplay } from "@codebot/agentcore";
import type { ModelMessage } from "ai";
import type { PermissionDecision } from "../../approval/permission-decision.js";
import type { ServerStatus } from "../../mcp/mcp-servers.js";
import type { SessionEvent } from "../../session/session-events.js";
import { blockLines, claudeStreamLines, thinkingDisplayOf } from "./claude-stream.js";
import { ClaudeStreamEvents } from "./claude-stream-events.js";
import { jsonLine } from "./json-line.js";
import { type MessageDisplay, type OrderedOutput, withShownText } from "./message-display.js";
import { TaskLines } from "./task-lines.js";
import { ThinkingTokens } from "./thinking-tokens.js";
import type { WireObject } from "./wire.js";

/** What EventLines needs of the run: its flags, the session's ids and servers, and the ordered output. */
export interface EventLinesOptions {
  /** The session the lines name (a `/clear` prompt starts another) and the model they give. */
  ids: { readonly sessionId: string; model: string };
  /** `--include-partial-messages`. */
  partialMessages: boolean;
  /** `--forward-subagent-text`, from the flag or the Agent SDK's initialize. */
  subagentMessages: boolean;
  thinkingDisplay: ThinkingDisplay | undefined;
  /** The MessageDisplay hooks' answers, once the runtime is there. */
  display(): MessageDisplay | undefined;
  mcpServers(): ServerStatus[];
  output: OrderedOutput;
}

/**
 * `codebot -p --output-format stream-json`: the lines a session event becomes (claude-stream.ts),
 * written in order; a main answer's lines wait for its MessageDisplay hooks' text.
 */
export class EventLines {
  /** Each tool call's permission decision, for its result line's meta (RuntimeOptions.onPermissionDecision). */
  readonly permissionDecisions = new Map<string, PermissionDecision>();
  /** `--include-partial-messages`: the main agent's model stream, in `stream_event` lines. */
  readonly streamEvents: ClaudeStreamEvents | undefined;
  private readonly streamedResults = new Set<string>();
  private readonly tasks = new TaskLines();
  private readonly thinkingTokens = new ThinkingTokens();
  private readonly thinkingDisplay: string;

  constructor(private readonly options: EventLinesOptions) {
    this.thinkingDisplay = thinkingDisplayOf(options.thinkingDisplay);
    this.streamEvents = options.partialMessages
      ? new ClaudeStreamEvents({
          thinkingTokens: this.thinkingTokens,
          // A MessageDisplay hook changes an answer's text once it ended: its lines wait for it.
          blockLines: () => options.display()?.active() !== true,
          mcpServers: options.mcpServers,
          thinkingDisplay: this.thinkingDisplay,
        })
      : undefined;
  }

  write(event: SessionEvent): void {
    const { ids, output } = this.options;
    const lines = claudeStreamLines(event, ids, {
      ...(this.streamEvents !== undefined ? { streamEvents: this.streamEvents } : {}),
      thinkingTokens: this.thinkingTokens,
      subagentMessages: this.options.subagentMessages,
      streamedResults: this.streamedResults,
      permissionDecisions: this.permissionDecisions,
      mcpServers: this.options.mcpServers,
      tasks: this.tasks,
    });
    if (lines.length === 0) return;
    const shown = mainMessageEnd(event) && this.options.display()?.shownFor(event.event.message);
    if (!shown) {
      output.write(() => {
        for (const line of lines) this.writeBlocks(line);
      });
      return;
    }
    output.after(shown, (text) => {
      for (const line of lines) this.writeBlocks(text === undefined ? line : withShownText(line, text));
    });
  }

  private writeBlocks(line: WireObject): void {
    for (const each of blockLines(line, this.thinkingDisplay)) process.stdout.write(jsonLine(each));
  }
}

/** The end of a message of the main agent. */
export function mainMessageEnd(
  event: SessionEvent,
): event is SessionEvent & { kind: "agent"; event: { type: "message_end"; message: ModelMessage } } {
  return event.kind === "agent" && event.agentName === "main" && event.event.type === "message_end";
}
