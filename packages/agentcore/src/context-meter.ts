import type { ModelMessage } from "ai";
import type { AgentEvent, Usage } from "./events.js";

/** Rough tokens of text: 4 characters a token, as the providers' own rules of thumb say. */
const CHARS_PER_TOKEN = 4;

/**
 * The context in use: the last model step's input and output tokens (as the provider counted
 * them) plus an estimate for everything appended to the history since. Before any step has reported, or
 * after the history was replaced, the estimate covers the whole history. Fed with the agent's
 * events, plus `appended()` for messages added without one (the user's prompt).
 */
export class ContextMeter {
  private lastInputTokens = 0;
  private lastUsage: Usage | undefined;
  private charsSinceStep = 0;
  private historyChars = 0;

  observe(event: AgentEvent): void {
    switch (event.type) {
      case "step_usage":
        // It follows the step's own answer, which the output tokens count exactly.
        if (event.usage.inputTokens > 0) {
          this.lastInputTokens = event.usage.inputTokens + event.usage.outputTokens;
          this.lastUsage = event.usage;
          this.charsSinceStep = 0;
        }
        break;
      case "message_end":
        this.appended(event.message);
        break;
      case "history_replaced":
        this.reset(event.messages);
        break;
    }
  }

  /** A message joined the history. */
  appended(message: ModelMessage): void {
    const chars = charsOf(message);
    this.charsSinceStep += chars;
    this.historyChars += chars;
  }

  /** The history is now these messages (compacted, cleared or resumed). */
  reset(messages: readonly ModelMessage[]): void {
    this.lastInputTokens = 0;
    this.lastUsage = undefined;
    this.charsSinceStep = 0;
    this.historyChars = 0;
    for (const message of messages) this.appended(message);
  }

  /** The usage the last model step of this history reported (none since it was replaced). */
  lastStep(): Usage | undefined {
    return this.lastUsage;
  }

  /** Estimated tokens the next model step's prompt holds (the system prompt and tools only once a step has reported). */
  tokens(): number {
    if (this.lastInputTokens === 0) return Math.ceil(this.historyChars / CHARS_PER_TOKEN);
    return this.lastInputTokens + Math.ceil(this.charsSinceStep / CHARS_PER_TOKEN);
  }
}

/** The characters a message adds to a prompt (its content as JSON, close to what is sent). */
export function charsOf(message: ModelMessage): number {
  return typeof message.content === "string"
    ? message.content.length
    : JSON.stringify(message.content).length;
}
