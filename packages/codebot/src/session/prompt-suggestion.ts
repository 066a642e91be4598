import type { Agent, Usage } from "@codebot/agentcore";
import type { ModelMessage } from "ai";
import { suggestionOf } from "./prompt-suggestion-text.js";

/**
 * The request claude 2.1.328 appends to the conversation to have the model guess the user's next
 * prompt (recorded against a loopback server); codebot names itself where claude names Claude Code.
 */
export const SUGGESTION_REQUEST = `[SUGGESTION MODE: Suggest what the user might naturally type next into codebot.]

FIRST: Look at the user's recent messages and original request.

Your job is to predict what THEY would type - not what you think they should do.

THE TEST: Would they think "I was just about to type that"?

EXAMPLES:
User asked "fix the bug and run tests", bug is fixed → "run the tests"
After code written → "try it out"
Claude offers options → suggest the one the user would likely pick, based on conversation
Claude asks to continue → "yes" or "go ahead"
Task complete, obvious follow-up → "commit this" or "push it"
After error or misunderstanding → silence (let them assess/correct)

Be specific: "run the tests" beats "continue".

NEVER SUGGEST:
- Evaluative ("looks good", "thanks")
- Questions ("what about...?")
- Claude-voice ("Let me...", "I'll...", "Here's...")
- New ideas they didn't ask about
- Multiple sentences

Stay silent if the next step isn't obvious from what the user said.

Stay silent if a suggestion could be unsafe or inappropriate — including any sensitive topic (security incidents, credentials, harm, private data). Even when the user is doing legitimate security or cybersecurity work, do not predict potentially unsafe actions.

Format: 2-12 words, match the user's style. Or nothing.

Reply with ONLY the suggestion, no quotes or explanation.`;

/**
 * Most tokens the last answer may have taken outside the prompt cache (input neither read from nor
 * already in the cache, and output): beyond it the request would pay for the whole conversation
 * again, and claude asks none.
 */
const MOST_UNCACHED_TOKENS = 10_000;

export interface SuggestionInput {
  agent: Pick<Agent, "messages" | "ask">;
  /** The usage of the main agent's last model step, if there was one since the history began. */
  lastStep: Usage | undefined;
  planMode: boolean;
  signal: AbortSignal;
  /** The request's usage, for the session's accounting. */
  used(usage: Usage): void;
}

/**
 * `--prompt-suggestions`: the user's likely next prompt, once a turn is over, as claude 2.1.328
 * makes it: one more request of the main model — its instructions, tools and the conversation,
 * then SUGGESTION_REQUEST — whose answer is kept only if it reads as something the user would
 * type. None early in a conversation (fewer than two blocks of answer: text, thinking, tool calls),
 * in plan mode, when the last answer was mostly uncached, or when the model calls a tool.
 */
export async function suggestNextPrompt(input: SuggestionInput): Promise<string | undefined> {
  if (input.planMode || answerBlocks(input.agent.messages) < 2) return undefined;
  if (input.lastStep !== undefined && uncachedTokens(input.lastStep) > MOST_UNCACHED_TOKENS) return undefined;
  const outcome = await input.agent.ask(SUGGESTION_REQUEST, input.signal);
  input.used(outcome.usage);
  if (outcome.status === "aborted" || outcome.toolCalls.length > 0) return undefined;
  const { content } = outcome.message;
  const texts =
    typeof content === "string"
      ? [content]
      : content.flatMap((part) => (part.type === "text" ? [part.text] : []));
  return suggestionOf(texts);
}

/** claude keeps each block of an answer as a message of its own, and counts those. */
function answerBlocks(messages: readonly ModelMessage[]): number {
  let blocks = 0;
  for (const message of messages) {
    if (message.role !== "assistant") continue;
    if (typeof message.content === "string") blocks += message.content === "" ? 0 : 1;
    else
      blocks += message.content.filter(
        (part) => part.type === "text" || part.type === "reasoning" || part.type === "tool-call",
      ).length;
  }
  return blocks;
}

function uncachedTokens(step: Usage): number {
  return step.inputTokens - step.cacheReadTokens + step.outputTokens;
}
