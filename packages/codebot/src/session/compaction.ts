import type { LanguageModelV3 } from "@ai-sdk/provider";
import {
  ContextMeter,
  ConversationTooLargeError,
  compactedHistory,
  isContextOverflow,
  loadedToolNames,
  summarizeConversation,
  summarizedPart,
  summaryMessage,
  type Usage,
} from "@codebot/agentcore";
import { type CompactTrigger, type HookRunner, systemReminder } from "@codebot/hooks";
import type { ModelMessage } from "ai";
import type { RuntimeSettings } from "../settings/runtime-settings.js";
import type { TaskStore } from "../tasks/task-store.js";
import type { TranscriptWriter } from "../transcript/transcript-writer.js";
import type { CompactionReport } from "./session-events.js";
import { type SessionStartEffects, takeSessionStartAnswer } from "./session-start-answer.js";

/**
 * `/rewind`'s "Summarize from here" (`from`: the messages from index `at` on become a summary, those
 * before are kept) and "Summarize up to here" (`up_to`: those before `at` become one, the rest are
 * kept), as claude 2.1.328's (recorded). `timeOf` gives a kept message the time its line was first
 * written (a prompt's: what `/rewind` restores the files to), else it is written with the time now.
 */
export interface CompactPart {
  direction: "from" | "up_to";
  at: number;
  timeOf?: (message: ModelMessage) => string | undefined;
}

export type CompactOutcome =
  | { compacted: true; messages: ModelMessage[]; summary: string; tokensBefore: number }
  /** `empty`: there was nothing to compact (claude 2.1.328's "No messages to compact"). */
  | { compacted: false; reason: string; empty?: true };

export interface CompactionParts {
  model(): LanguageModelV3;
  /** The current model's context window, in tokens. */
  contextWindow(): number;
  settings: RuntimeSettings["compaction"];
  meter: ContextMeter;
  runner: HookRunner;
  transcript: TranscriptWriter;
  tasks: TaskStore;
  notify(message: string): void;
  /** Told as the summary is asked for, and how it ended (stream-json's compaction lines). */
  report?: (event: CompactionReport) => void;
  /** The instruction files given again after a compaction (InstructionsLoaded `compact`), as context. */
  reloadInstructions?: () => Promise<string | undefined>;
  /** What SessionStart's answer after a compaction changes (skills read again, files watched). */
  sessionStartEffects: SessionStartEffects;
  /** Told once a compaction has replaced the history (the system prompt is then rendered and recorded afresh). */
  compacted?: () => void;
  /** The summary request's token usage, for the session's accounting. */
  usage(used: Usage): void;
  /** `--autocompact` and its kin (auto-compact-window.ts): the threshold counts against this many tokens, if fewer than the window. */
  autoCompactWindow?: number;
  /** `CODEBOT_STREAM_IDLE_TIMEOUT_MS`: how long the summary's stream may send nothing. */
  idleTimeoutMs?: number;
}

/**
 * Turns kept verbatim after the summary (the last: between turns, the last answer alone, as
 * claude 2.1.328 keeps it), and the share of the window they may take at most.
 */
const KEEP_TURNS = 1;
const KEEP_SHARE = 0.2;
/**
 * The share of the window the conversation may take in the summary request (4 characters a token);
 * the rest is the summary prompt and the summary. Beyond it the longest texts are cut.
 */
const SUMMARY_INPUT_SHARE = 0.75;
/** After a blocked or failed automatic compaction, the next try waits until this much more of the window is used. */
const RETRY_SHARE = 0.05;

/**
 * Compaction: the model (or a PreCompact hook) summarises the conversation and the summary
 * replaces the history, followed by the last answer (and, mid-turn, the request in progress). Hooks:
 * PreCompact (may block; its plain stdout joins the summary instructions), then PostCompact with
 * the summary, then SessionStart with source `compact`, whose context goes into the compacted
 * history with the instruction files (given again, InstructionsLoaded `compact`). The transcript gets a compaction boundary and the new history after it.
 */
export class Compaction {
  /** Tokens in use when an automatic compaction last failed or was blocked. */
  private failedAt: number | undefined;
  /** The tokens compactions took out of the context, over the session. */
  private dropped = 0;

  constructor(private readonly parts: CompactionParts) {}

  /**
   * The kernel's `beforeModelStep`: compacts when the context in use passes the threshold, or
   * when the provider refused the step as too long (`overflowed`: its tokens are fewer characters
   * than estimated), whatever the estimate says.
   */
  readonly beforeModelStep = async (info: {
    messages: readonly ModelMessage[];
    signal: AbortSignal;
    overflowed?: boolean;
  }): Promise<ModelMessage[] | undefined> => {
    const { settings, meter } = this.parts;
    if (!settings.auto || info.messages.length === 0) return undefined;
    if (info.overflowed) {
      const outcome = await this.compact(info.messages, { trigger: "auto", signal: info.signal });
      // Not compacted (compact said why): the run ends on the provider's refusal, a failed model
      // call as claude 2.1.328 ends it ("Prompt is too long", StopFailure invalid_request).
      return outcome.compacted ? outcome.messages : undefined;
    }
    const window = this.parts.contextWindow();
    // What automatic compaction counts against: the auto-compact window when smaller.
    const counted = Math.min(window, this.parts.autoCompactWindow ?? window);
    const inUse = meter.tokens();
    if (inUse < settings.threshold * counted) return undefined;
    if (this.failedAt !== undefined && inUse < this.failedAt + RETRY_SHARE * counted) return undefined;
    const outcome = await this.compact(info.messages, { trigger: "auto", signal: info.signal });
    if (outcome.compacted) {
      this.failedAt = undefined;
      return outcome.messages;
    }
    this.failedAt = inUse;
    if (inUse >= window) {
      throw new Error(
        `context: ${inUse} tokens in use fill the ${window}-token window and compaction did not happen: ${outcome.reason}`,
      );
    }
    return undefined;
  };

  /** The turns a compaction keeps after the summary. */
  private keep() {
    return { keepTurns: KEEP_TURNS, keepChars: Math.floor(this.parts.contextWindow() * KEEP_SHARE * 4) };
  }

  /** Compacts `messages`; the caller puts the returned history in place. */
  async compact(
    messages: readonly ModelMessage[],
    options: { trigger: CompactTrigger; focus?: string; signal: AbortSignal; part?: CompactPart },
  ): Promise<CompactOutcome> {
    const { runner, notify, transcript, meter } = this.parts;
    const { trigger, signal, part } = options;
    const focus = options.focus?.trim() || undefined;
    const tokensBefore = meter.tokens();

    const pre = await runner.fire("PreCompact", {
      trigger,
      ...(focus ? { customInstructions: focus } : {}),
      signal,
    });
    if (pre.kind !== "allow") {
      const reason = `compaction blocked by hook ${pre.by}: ${pre.reason}`;
      notify(`codebot: ${reason}`);
      return { compacted: false, reason };
    }

    // A hook may write the summary itself; then the model is not asked.
    let summary = pre.summary;
    const started = performance.now();
    this.parts.report?.({ phase: "start", trigger });
    if (summary === undefined) {
      const instructions = [focus, pre.context].filter((t): t is string => !!t).join("\n\n");
      try {
        const made = await summarizeConversation({
          model: this.parts.model(),
          messages: summarized(messages, part, this.keep()),
          ...(part?.direction === "from" ? { recent: messages.length - part.at } : {}),
          ...(instructions ? { instructions } : {}),
          maxChars: Math.floor(this.parts.contextWindow() * SUMMARY_INPUT_SHARE * 4),
          signal,
          ...(this.parts.idleTimeoutMs !== undefined ? { idleTimeoutMs: this.parts.idleTimeoutMs } : {}),
        });
        summary = made.summary;
        this.parts.usage(made.usage);
      } catch (error) {
        if (signal.aborted) throw error;
        const reason = `compaction failed: ${failure(error, this.parts.contextWindow())}`;
        this.parts.report?.({ phase: "end", trigger, outcome: { compacted: false, error: reason } });
        notify(`codebot: ${reason}`);
        return { compacted: false, reason };
      }
    }

    runner.fire("PostCompact", { trigger, compactSummary: summary });
    const sessionStart = await runner
      .sessionStart({ source: "compact", model: this.parts.model().modelId })
      .catch(() => undefined);
    const startContext = sessionStart
      ? (await takeSessionStartAnswer(sessionStart, "compact", this.parts.sessionStartEffects)).context
      : undefined;
    const instructionFiles = await this.parts.reloadInstructions?.().catch(() => undefined);
    const extra = [instructionFiles, tasksNote(this.parts.tasks), startContext]
      .filter((t): t is string => !!t)
      .map((text) => systemReminder(text));
    const compacted = part
      ? partlyCompacted(messages, part, summary, extra)
      : compactedHistory(messages, {
          summary,
          extra,
          ...this.keep(),
        });
    const summaryAt = part?.direction === "from" ? part.at : 0;

    // claude 2.1.328's boundary names the tools the search had loaded, which stay loaded (recorded).
    const discovered = [...loadedToolNames(messages)].sort();
    const logicalParent = transcript.boundary("compact_boundary", {
      trigger,
      preTokens: tokensBefore,
      ...(discovered.length > 0 ? { preCompactDiscoveredTools: discovered } : {}),
      ...(part
        ? { summarizeDirection: part.direction, messagesSummarized: messages.length - compacted.length + 1 }
        : {}),
      ...(part && focus ? { userContext: focus } : {}),
    });
    // The whole new history follows the boundary (a resume reads from there), the messages kept
    // with the time they were first written: a prompt compacted mid-turn is still rewound to its start.
    compacted.forEach((message, i) => {
      const timestamp =
        i === summaryAt ? undefined : part ? part.timeOf?.(message) : transcript.firstWritten(message);
      transcript.append(
        message,
        "main",
        i === summaryAt ? { isCompactSummary: true } : timestamp ? { timestamp } : {},
      );
    });
    this.parts.compacted?.();
    const tokensAfter = tokensOf(compacted);
    this.dropped += Math.max(0, tokensBefore - tokensAfter);
    this.parts.report?.({
      phase: "end",
      trigger,
      outcome: {
        compacted: true,
        summary: compacted[0] as ModelMessage,
        tokensBefore,
        tokensAfter,
        droppedTokens: this.dropped,
        durationMs: Math.round(performance.now() - started),
        logicalParent,
      },
    });
    if (part) {
      const summarized = messages.length - compacted.length + 1;
      const kept = compacted.length - 1;
      notify(
        `codebot: conversation summarized (${part.direction === "from" ? "from here" : "up to here"}): ${summarized} ${part.direction === "from" ? "later" : "earlier"} messages became a summary, the ${kept} ${part.direction === "from" ? "before" : "after"} them kept as they were`,
      );
      return { compacted: true, messages: compacted, summary, tokensBefore };
    }
    // The compacted history is the summary, then the messages kept (the latest turns); a request
    // too long for the window is kept cut (compactedHistory), which the notice says.
    const kept = compacted.slice(1);
    const originals = new Set(messages.map((m) => JSON.stringify(m)));
    const cut = kept.some((m) => !originals.has(JSON.stringify(m)));
    const last = kept.length === 1 ? "last message" : `last ${kept.length} messages`;
    notify(
      `codebot: conversation compacted (${trigger}): ${messages.length} messages (about ${tokensBefore} tokens) became a summary and the ${last}, ${cut ? "your latest request cut to fit the window (the transcript has it whole)" : "kept as they were"}`,
    );
    return { compacted: true, messages: compacted, summary, tokensBefore };
  }
}

/**
 * What the summary request holds. Up to here: the earlier part alone. From here: all of it, the
 * model told which part. A whole compaction: all but the call kept mid-turn (summarizedPart).
 */
function summarized(
  messages: readonly ModelMessage[],
  part: CompactPart | undefined,
  keep: { keepTurns: number; keepChars: number },
): readonly ModelMessage[] {
  if (part) return part.direction === "up_to" ? messages.slice(0, part.at) : messages;
  return summarizedPart(messages, keep);
}

/** The history after a partial summary: the part kept, and the summary in place of the other. */
function partlyCompacted(
  messages: readonly ModelMessage[],
  part: CompactPart,
  summary: string,
  extra: string[],
): ModelMessage[] {
  const before = messages.slice(0, part.at);
  const after = messages.slice(part.at);
  return part.direction === "from"
    ? [...before, summaryMessage(after, summary, extra)]
    : [summaryMessage(before, summary, extra), ...after];
}

const TOO_LARGE_ADVICE =
  "start a new conversation (/clear, or a run without -c/-r) or use a model with a larger window";

/** The tokens a history holds, as the context meter estimates a history no provider has counted. */
export function tokensOf(messages: readonly ModelMessage[]): number {
  const meter = new ContextMeter();
  meter.reset(messages);
  return meter.tokens();
}

/** Why the summary was not made; when the conversation is too large for it, what to do. */
function failure(error: unknown, window: number): string {
  if (error instanceof ConversationTooLargeError)
    return `the conversation is too large for the model's ${window}-token window even with its long texts cut; ${TOO_LARGE_ADVICE}`;
  const message = (error as Error).message;
  if (isContextOverflow(error))
    return `${message}, even with the conversation's long texts cut; ${TOO_LARGE_ADVICE}`;
  return message;
}

/** The open tasks, so the model knows them after compaction (the task list itself is kept on disk). */
function tasksNote(tasks: TaskStore): string | undefined {
  const open = tasks.list().filter((t) => t.status !== "completed");
  if (open.length === 0) return undefined;
  return `Open tasks:\n${open.map((t) => `- #${t.id} [${t.status}] ${t.subject}`).join("\n")}`;
}
