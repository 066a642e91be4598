import type { LanguageModelV3 } from "@ai-sdk/provider";
import type { AssistantModelMessage, ModelMessage } from "ai";
import { charsOf } from "./context-meter.js";
import { isContextOverflow } from "./context-overflow.js";
import { keepingLoadedTools, loadedToolNames } from "./deferred-tools.js";
import type { Usage } from "./events.js";
import { cutLongTexts, fitMessages, MIN_KEPT_CHARS } from "./long-text-cut.js";
import { runModelStep } from "./model-step.js";
import { MAX_OUTPUT_LIMIT_RESUMES, OutputLimitError, outputLimitResumeMessage } from "./output-limit.js";
import { fitForSummary } from "./summary-fit.js";
import { toolsUsedBeforeSummary } from "./tools-used-before-summary.js";
import { addUsage, emptyUsage } from "./usage.js";

const SUMMARY_SYSTEM_PROMPT =
  "You are summarising a coding session so that it can continue in a fresh context window. " +
  "The summary replaces the conversation: whatever it leaves out is lost.";

const SUMMARY_REQUEST = `Summarise the conversation so far for your own use when it continues. Include:
1. The user's requests and intent, in their own words where it matters.
2. Key technical facts: files, functions, commands, decisions and why they were taken.
3. Files read or changed, with what matters about each.
4. Errors met and how they were resolved.
5. What is done, what is in progress, and the next step.
Answer with the summary only.`;

/**
 * `/rewind`'s "Summarize from here": the conversation is sent whole, the earlier part kept as it
 * is, so the model is told which part to summarise (claude 2.1.328 asks for "the RECENT portion",
 * recorded, without saying where it starts).
 */
function recentSummaryRequest(recent: number, firstText: string): string {
  const start = firstText.length > 80 ? `${firstText.slice(0, 80)}…` : firstText;
  return `Summarise only the last ${recent} messages of the conversation, from the user's message that begins ${JSON.stringify(start)} on: the messages before it are kept as they are and need no summary. Include:
1. The user's requests and intent in that part, in their own words where it matters.
2. Key technical facts: files, functions, commands, decisions and why they were taken.
3. Files read or changed, with what matters about each.
4. Errors met and how they were resolved.
5. What is done, what is in progress, and the next step.
Answer with the summary only.`;
}

/** The start of the message that carries a summary into the compacted history. */
export const SUMMARY_PREAMBLE =
  "This session continues from an earlier conversation that was compacted to fit the context window. Summary of it:";

export interface SummaryRequest {
  model: LanguageModelV3;
  messages: readonly ModelMessage[];
  /** Extra instructions (the user's `/compact` focus, a PreCompact hook's stdout). */
  instructions?: string;
  /** Only the last this many messages are to be summarised (the others are kept): `/rewind`'s "Summarize from here". */
  recent?: number;
  /**
   * Most characters the conversation may take in the request (as the context meter counts them):
   * beyond it the longest texts are cut, head and tail kept (a huge tool result or paste).
   */
  maxChars?: number;
  signal: AbortSignal;
  /** How long the summary's stream may send nothing before it is given up (the loop's `idleTimeoutMs`). */
  idleTimeoutMs?: number;
}

/** The conversation cannot be cut to fit the summary request (its last turn alone is too large). */
export class ConversationTooLargeError extends Error {
  override readonly name = "ConversationTooLargeError";
}

/** How often a summary request refused as too long is sent again, its texts cut to half the length each time. */
const NARROWINGS = 2;

/**
 * Asks the model for a summary of the conversation (no tools). With `maxChars`, a request the
 * provider refuses as too long (its tokens are fewer characters than estimated: Chinese text,
 * dense code) is sent again within half the characters, up to NARROWINGS times. Throws when the
 * call fails or gives no text; a summary cut at the output limit is asked to go on (its pieces
 * joined), and throws OutputLimitError when it is cut once more after MAX_OUTPUT_LIMIT_RESUMES.
 */
export async function summarizeConversation(
  request: SummaryRequest,
): Promise<{ summary: string; usage: Usage }> {
  for (let narrowed = 0; ; narrowed += 1) {
    const maxChars =
      request.maxChars === undefined ? undefined : Math.floor(request.maxChars / 2 ** narrowed);
    try {
      return await summarizeWithin(request, maxChars);
    } catch (error) {
      const again = maxChars !== undefined && narrowed < NARROWINGS && !request.signal.aborted;
      if (!again || !isContextOverflow(error)) throw error;
    }
  }
}

async function summarizeWithin(
  request: SummaryRequest,
  maxChars: number | undefined,
): Promise<{ summary: string; usage: Usage }> {
  const instructions = request.instructions?.trim();
  const recent = request.recent;
  const base =
    recent === undefined
      ? SUMMARY_REQUEST
      : recentSummaryRequest(recent, lastText(request.messages[request.messages.length - recent]));
  const ask = instructions ? `${base}\n\nAdditional instructions:\n${instructions}` : base;
  const messages =
    maxChars === undefined ? request.messages : fitForSummary(request.messages, maxChars - ask.length);
  if (!messages) {
    throw new ConversationTooLargeError(
      `compaction: the conversation's last turn does not fit the summary request even with every text cut to ${MIN_KEPT_CHARS} characters`,
    );
  }
  const conversation: ModelMessage[] = [...messages, { role: "user", content: ask }];
  const pieces: string[] = [];
  const usage = emptyUsage();
  // A summary cut at the output limit is asked to go on, as claude 2.1.328 asks it (recorded): in
  // the session's words, up to MAX_OUTPUT_LIMIT_RESUMES times, then the compaction fails.
  for (let resumes = 0; ; resumes += 1) {
    const step = await runModelStep({
      model: request.model,
      systemPrompt: SUMMARY_SYSTEM_PROMPT,
      messages: conversation,
      tools: [],
      signal: request.signal,
      emit: () => {},
      ...(request.idleTimeoutMs !== undefined ? { idleTimeoutMs: request.idleTimeoutMs } : {}),
    });
    if (step.status === "aborted") throw request.signal.reason ?? new Error("compaction: aborted");
    addUsage(usage, step.usage);
    pieces.push(textOf(step.message));
    if (!step.atOutputLimit) break;
    if (resumes === MAX_OUTPUT_LIMIT_RESUMES) throw new OutputLimitError();
    conversation.push(step.message, outputLimitResumeMessage("user", resumes + 1));
  }
  // Each piece goes on where the one before was cut (claude keeps one piece: its summary is tagged).
  const summary = pieces.join("").trim();
  if (!summary) throw new Error("compaction: the model returned no summary");
  return { summary, usage };
}

function textOf(message: AssistantModelMessage): string {
  const { content } = message;
  return typeof content === "string"
    ? content
    : content.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("");
}

export interface CompactedHistoryOptions {
  summary: string;
  /** Text added to the summary message (e.g. context hooks re-inject after compaction). */
  extra?: string[];
  /** How many of the last model turns (assistant message and its tool results) to keep verbatim (1 unless said). */
  keepTurns?: number;
  /** Most characters the kept turns may take; older turns are dropped first. */
  keepChars?: number;
}

/**
 * The history after compaction: one user message with the summary, then — when a turn is in
 * progress (the history does not end on the model's answer) — the user's latest request if it is
 * older than the kept turns, then the last turns as they were, starting at an assistant message
 * so every tool call keeps its result. Between turns that is the summary and the last answer
 * alone, as claude 2.1.328 keeps it (recorded after `/compact` and after an automatic compaction
 * at a prompt's start): a compacted history is never longer than the one it replaces. The summary
 * keeps the deferred tools the history loaded (keepingLoadedTools).
 */
export function compactedHistory(
  messages: readonly ModelMessage[],
  options: CompactedHistoryOptions,
): ModelMessage[] {
  const keepChars = options.keepChars ?? Number.POSITIVE_INFINITY;
  const cut = keptTurnsStart(messages, options);
  const tail = messages.slice(cut);
  // The user's latest request goes right after the summary while it is being worked on, unless it
  // is among the kept messages; an answered one is the summary's.
  const inProgress = messages.at(-1)?.role !== "assistant";
  const lastUser = inProgress ? lastUserIndex(messages) : -1;
  // It is cut like the summary request's texts when it alone passes keepChars (a huge paste).
  const pending =
    lastUser >= 0 && lastUser < cut ? [keptWithin(messages[lastUser] as ModelMessage, keepChars)] : [];
  return [summaryMessage(messages, options.summary, options.extra), ...pending, ...tail];
}

export type KeptTurns = Pick<CompactedHistoryOptions, "keepTurns" | "keepChars">;

/**
 * The messages a summary of `messages` covers, for a history compactedHistory keeps `kept` of.
 * Mid-turn, those before the kept turns: the kept call and its result follow the summary as they
 * are, so they are not summarised too (claude 2.1.328's summary request leaves out the call it
 * keeps, recorded). Between turns, all of them: claude's summary request holds the last answer it
 * keeps (recorded after `/compact` and after an automatic compaction at a prompt's start).
 */
export function summarizedPart(messages: readonly ModelMessage[], kept: KeptTurns): readonly ModelMessage[] {
  if (messages.at(-1)?.role === "assistant") return messages;
  const cut = keptTurnsStart(messages, kept);
  return cut > 0 ? messages.slice(0, cut) : messages;
}

/** Where the kept turns start: the last `keepTurns` assistant messages and what follows, within `keepChars`. */
function keptTurnsStart(messages: readonly ModelMessage[], kept: KeptTurns): number {
  const keepTurns = kept.keepTurns ?? 1;
  const keepChars = kept.keepChars ?? Number.POSITIVE_INFINITY;
  let cut = messages.length;
  let turns = 0;
  let chars = 0;
  for (let i = messages.length - 1; i >= 0 && turns < keepTurns; i -= 1) {
    const message = messages[i] as ModelMessage;
    chars += charsOf(message);
    if (chars > keepChars) break;
    if (message.role === "assistant") {
      turns += 1;
      cut = i;
    }
  }
  return cut;
}

/**
 * The user message that carries `summary` of `messages` into a history: the preamble, the tools
 * they used, the summary, `extra`. The tools they loaded stay loaded (claude 2.1.328's do: a
 * search is not made again).
 */
export function summaryMessage(
  messages: readonly ModelMessage[],
  summary: string,
  extra: readonly string[] = [],
): ModelMessage {
  const used = toolsUsedBeforeSummary(messages, earlierSummaryText(messages[0]));
  const text = [SUMMARY_PREAMBLE, ...(used ? [used] : []), summary, ...extra].join("\n\n");
  return keepingLoadedTools({ role: "user", content: text }, loadedToolNames(messages));
}

/** The last text of a message (a prompt's typed text comes after the hooks' context). */
function lastText(message: ModelMessage | undefined): string {
  if (message === undefined) return "";
  if (typeof message.content === "string") return message.content;
  const texts = message.content.flatMap((part) => (part.type === "text" ? [part.text] : []));
  return texts.at(-1) ?? "";
}

/** The text of `message` when it is an earlier compaction's summary. */
function earlierSummaryText(message: ModelMessage | undefined): string | undefined {
  if (message?.role !== "user") return undefined;
  const text =
    typeof message.content === "string"
      ? message.content
      : message.content.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("");
  return text.startsWith(SUMMARY_PREAMBLE) ? text : undefined;
}

function keptWithin(message: ModelMessage, maxChars: number): ModelMessage {
  return fitMessages([message], maxChars)?.[0] ?? cutLongTexts(message, MIN_KEPT_CHARS);
}

/** The latest message the user wrote (not a tool result). */
function lastUserIndex(messages: readonly ModelMessage[]): number {
  for (let i = messages.length - 1; i >= 0; i -= 1) if (messages[i]?.role === "user") return i;
  return -1;
}
