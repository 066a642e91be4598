import { keepingLoadedTools, toolReferencePart } from "@codebot/agentcore";
import { toolOfExactName } from "@codebot/hooks";
import type { AssistantModelMessage, ModelMessage, ToolModelMessage, UserModelMessage } from "ai";
import { NOTIFICATION_CLOSING, NOTIFICATION_OPENING } from "../agents/task-notification.js";
import { markTypedPrompt } from "../approval/typed-prompts.js";
import { fileSize } from "../mcp/resource-blob.js";
import type { EarlierTotals } from "../session/session-totals.js";
import type { ModelUsage } from "../session/session-usage.js";
import { CacheTrail } from "./cache-trail.js";
import { costStateOf, costTotalsOf } from "./cost-state-line.js";
import { DeferredToolsTrail, deferredToolsNotesOf } from "./deferred-tools-delta-line.js";
import { isInterruptionLine } from "./interruption-line.js";
import { markQueued, markSender, senderOf } from "./line-sender.js";
import { type CheckedLine, checkLine } from "./line-shape.js";
import { compactPointOf, type PromptLine, promptLineOf } from "./prompt-lines.js";
import { promptSnapshotOf } from "./prompt-snapshot-line.js";
import { queuedCommandOf } from "./queued-command-line.js";
import { reportedLinesOf } from "./reported-lines-line.js";
import { titleOf } from "./title-line.js";
import type { TranscriptBlock, TranscriptLine } from "./transcript-line.js";
import { type LineLimits, transcriptLines } from "./transcript-lines.js";

/** The main agent's conversation as a transcript holds it, ready to go on. */
export interface RestoredConversation {
  messages: ModelMessage[];
  /**
   * The history as a resumed session's recap shows it: `messages` with the answers of runs a model
   * error ended (their `API Error: …` text), which the model is not sent. claude 2.1.328's recap
   * shows them (recorded).
   */
  shown: ModelMessage[];
  /** The last main-agent line's uuid (the next line chains on from it). */
  lastUuid: string | undefined;
  /** One line per thing left out: a line cut by a crash, a line that is not JSON, a call without result. */
  skipped: string[];
  /**
   * The numbers of the lines that could not be read and that no earlier resume reported: their
   * notes are in `skipped`, and the resume records them as reported (reported-lines-line.ts).
   */
  unreadLines: number[];
  /**
   * The error results made up for calls without one. Written to the transcript on resume, they
   * answer those calls on every later resume, which then does not report them again.
   */
  interrupted: ToolModelMessage["content"];
  /** What the session had used, per model spec: its last cost-state line's (cost-state-line.ts), compactions and all. */
  usage?: Map<string, ModelUsage>;
  /** Its times and code changes: the same line's. */
  totals?: EarlierTotals;
  /** The session's title: its last title line's (title-line.ts). */
  title?: string;
  /** The system prompt recorded for the conversation since its last compaction or clear (prompt-snapshot-line.ts). */
  systemPrompt?: string;
  /** What the conversation's prompt cache holds, for a resume's SessionStart (resumed-cache.ts). */
  cache: CacheTrail;
  /** The deferred tools its model was told of (listing and notes); none when no listing was kept. */
  listedDeferred?: readonly string[];
  /** The prompts of the history, oldest first: where `/rewind` can go back to. */
  prompts: PromptLine[];
}

/** `before`: the history up to the line with this uuid, left out (a rewind to that prompt). */
export interface ReadOptions extends LineLimits {
  before?: string;
}

const INTERRUPTED = "interrupted: the session ended before this call finished";

/**
 * Rebuilds the main agent's history from a transcript: the messages after the last compaction
 * (or clear) boundary. A compaction boundary counts once the summary that follows it is there: a
 * session that ended between the two (they are two writes) keeps the history before it, and the
 * notice says so. Sub-agents' lines are left out (their results are in the main history).
 * What a transcript line does not keep is lost: file contents, and thinking without its
 * signature (an older codebot's lines); signed and redacted thinking comes back to be sent as it was. A line that does not parse or has another shape — the last one,
 * cut off by a crash, or any other — or is too long to make a string of is skipped and reported;
 * a tool call whose result never came gets an error result.
 */
export function readTranscript(file: string, { before, ...limits }: ReadOptions = {}): RestoredConversation {
  const skipped: string[] = [];
  /** The lines that could not be read, with their notes; and those an earlier resume reported. */
  const unread = new Map<number, string>();
  const reported = new Set<number>();
  /**
   * How much history each main line left (`start`'s length after it), and in which span between
   * clears and compactions: a prompt that follows an earlier line than the last is a rewind's
   * (claude writes it so, the lines rewound over staying in the file), and the history goes on from there.
   */
  const after = new Map<string, { span: number; length: number }>();
  let span = 0;
  let previous: string | undefined;
  let start: TranscriptLine[] = [];
  let lastUuid: string | undefined;
  let title: string | undefined;
  let usage: Map<string, ModelUsage> | undefined;
  let totals: EarlierTotals | undefined;
  let systemPrompt: string | undefined;
  const cache = new CacheTrail();
  const deferred = new DeferredToolsTrail();
  /** Each user or assistant line's number, to report what of it is left out. */
  const numbers = new Map<TranscriptLine, number>();
  /** The lines read from `queued_command` lines (a message sent mid-turn), with the message as sent. */
  const queuedLines = new Map<TranscriptLine, string | typeof NOTIFIED>();
  /** A compaction boundary whose summary has not come yet: its line number, uuid and the tools it keeps loaded. */
  let pending: { lineNumber: number; uuid: string | undefined; discovered: string[] } | undefined;
  /** The summary of the compaction the history starts at, with the tools it keeps loaded. */
  let summary: { line: TranscriptLine; discovered: string[] } | undefined;
  const keepBefore = () => {
    if (pending)
      skipped.push(
        `line ${pending.lineNumber}: a compaction with no summary after it (the session ended while compacting); the history before it is kept`,
      );
    pending = undefined;
  };
  for (const raw of transcriptLines(file, limits)) {
    if (raw.tooLong) {
      unread.set(raw.number, `line ${raw.number}: too long to read (${fileSize(raw.bytes)}); skipped`);
      continue;
    }
    if (raw.text.trim() === "") continue;
    const parsed = parseLine(raw.text, !raw.terminated);
    if ("problem" in parsed) {
      unread.set(raw.number, `line ${raw.number}: ${parsed.problem}; skipped`);
      continue;
    }
    const { line } = parsed;
    for (const number of reportedLinesOf(line)) reported.add(number);
    if (previous !== undefined) after.set(previous, { span, length: start.length });
    previous = undefined;
    if (before !== undefined && line.uuid === before && line.isSidechain !== true) break;
    if (line.isSidechain !== true && typeof line.uuid === "string") {
      previous = line.uuid;
      // codebot's rewind line (transcript-writer.ts rewindTo), or a prompt following an earlier line (claude's).
      const rewind = line.subtype === "rewind";
      if (rewind || promptLineOf(line) !== undefined) {
        const from =
          line.parentUuid == null ? (rewind ? { span, length: 0 } : undefined) : after.get(line.parentUuid);
        if (from !== undefined && from.span === span && from.length < start.length)
          start.length = from.length;
      }
      if (rewind) {
        lastUuid = line.uuid;
        continue;
      }
    }
    title = titleOf(line) ?? title;
    usage = costStateOf(line) ?? usage;
    totals = costTotalsOf(line) ?? totals;
    if (line.isSidechain === true) continue;
    const snapshot = promptSnapshotOf(line);
    if (snapshot && "problem" in snapshot) skipped.push(`line ${raw.number}: ${snapshot.problem}; skipped`);
    else if (snapshot) systemPrompt = snapshot.systemPrompt;
    if (line.subtype === "compact_boundary") {
      keepBefore();
      pending = { lineNumber: raw.number, uuid: line.uuid, discovered: discoveredToolsOf(line) };
      continue;
    }
    if (line.subtype === "clear_boundary") {
      cache.cleared();
      deferred.restart();
      pending = undefined;
      summary = undefined;
      start = [];
      span += 1;
      systemPrompt = undefined;
      lastUuid = line.uuid;
      continue;
    }
    // A `/compact` run here: a point `/rewind` goes back to, in its place among the prompts; no message.
    if (compactPointOf(line) !== undefined) {
      keepBefore();
      lastUuid = line.uuid;
      start.push(line as TranscriptLine);
      continue;
    }
    const output = commandOutputOf(line);
    if (output !== undefined) {
      keepBefore();
      lastUuid = line.uuid;
      start.push(output);
      continue;
    }
    const delta = deferred.line(line);
    if (delta !== undefined) {
      keepBefore();
      lastUuid = line.uuid;
      if (delta === "note") start.push(line as TranscriptLine);
      continue;
    }
    const queued = queuedCommandOf(line);
    if (queued !== undefined) {
      keepBefore();
      lastUuid = line.uuid;
      const asMessage: TranscriptLine = {
        ...(line as TranscriptLine),
        type: "user",
        message: queued.message,
      };
      queuedLines.set(asMessage, queued.notification ? NOTIFIED : queued.prompt);
      start.push(asMessage);
      numbers.set(asMessage, raw.number);
      continue;
    }
    if (line.type !== "user" && line.type !== "assistant") continue;
    if (pending && line.isCompactSummary === true) {
      cache.compacted();
      summary = { line: line as TranscriptLine, discovered: pending.discovered };
      start = [];
      span += 1;
      pending = undefined;
      systemPrompt = undefined;
    } else keepBefore();
    lastUuid = line.uuid;
    // A failed call's answer (shown, not sent) is no model response for the prompt cache's figures.
    if (line.isApiErrorMessage !== true) cache.line(line);
    // checkLine has made sure a user or assistant line has its message.
    start.push(line as TranscriptLine);
    numbers.set(line as TranscriptLine, raw.number);
  }
  keepBefore();
  for (const line of start) {
    const unread = unreadKinds(line);
    if (unread.length > 0)
      skipped.push(
        `line ${numbers.get(line)}: its ${unread.join(", ")} block(s) left out (codebot does not send them)`,
      );
  }
  // A failed call's answer is shown, not sent: the model never wrote it (claude 2.1.328 sends the
  // prompt before it and the next one as one user message, recorded).
  const failed = new Set<ModelMessage>();
  const read = start.flatMap((line) => {
    if (compactPointOf(line) !== undefined) return [];
    const notes = deferredToolsNotesOf(line);
    if (notes.length > 0) return notes;
    const sender = line.type === "user" ? senderOf(line) : undefined;
    const converted = toModelMessage(sender === "notification" ? notificationAsSent(line) : line);
    const queuedPrompt = queuedLines.get(line);
    // claude's folded notification is a queued_command line too (queued-command-line.ts).
    if (queuedPrompt === NOTIFIED) for (const message of converted) markSender(message, "notification");
    else if (queuedPrompt !== undefined) for (const message of converted) markQueued(message, queuedPrompt);
    else if (sender !== undefined) for (const message of converted) markSender(message, sender);
    // The tools the compaction kept loaded ride on its summary, as the kernel's compaction keeps them.
    if (line === summary?.line && converted[0])
      converted[0] = keepingLoadedTools(converted[0], summary.discovered);
    // What the user typed for a prompt the session expanded: the classifier's view of it (typed-prompts.ts).
    // A line no one typed (claude's `isMeta`: a command's expansion after its `<command-name>` line,
    // a caveat) was typed as nothing.
    const typed = line.isMeta === true ? "" : line.typedPrompt;
    if (line.type === "user" && typeof typed === "string")
      for (const message of converted) markTypedPrompt(message, typed);
    if (line.isApiErrorMessage === true) for (const message of converted) failed.add(message);
    return converted;
  });
  const unreadLines = [...unread.keys()].filter((number) => !reported.has(number));
  skipped.unshift(...unreadLines.map((number) => unread.get(number) as string));
  const { messages: shown, interrupted } = withResults(read, skipped);
  return {
    messages: shown.filter((message) => !failed.has(message)),
    shown,
    lastUuid,
    skipped,
    unreadLines,
    interrupted,
    cache,
    // A notification's turn is no prompt to go back to, as in claude 2.1.328's `/rewind` (recorded).
    // Nor is a message sent mid-turn (a queued_command line): claude's is no user line. Nor the
    // note an interrupted run ends with (interruption-line.ts).
    prompts: start.flatMap((line) =>
      !queuedLines.has(line) && (senderOf(line) ?? "user") === "user" && !isInterruptionLine(line)
        ? (promptLineOf(line) ?? compactPointOf(line) ?? [])
        : [],
    ),
    ...(title !== undefined ? { title } : {}),
    ...(usage !== undefined ? { usage } : {}),
    ...(totals !== undefined ? { totals } : {}),
    ...(systemPrompt !== undefined ? { systemPrompt } : {}),
    ...(deferred.listed !== undefined ? { listedDeferred: deferred.listed } : {}),
  };
}

/**
 * A notification's turn as it was sent: claude 2.1.328 writes its line's message bare
 * (`<task-notification>…`, recorded) though it sent it in its reminder, after the words that it is
 * no user input (task-notification.ts). Read back bare, the model was sent a sub-agent's answer —
 * which may repeat a repository's file — with nothing saying it was not the user's, and auto mode's
 * classifier, which leaves reminders out, took it for the user's words. codebot's own line, and
 * any other text, is as written.
 */
function notificationAsSent(line: TranscriptLine): TranscriptLine {
  const { content } = line.message;
  if (typeof content !== "string" || !content.trimStart().startsWith("<task-notification>")) return line;
  return {
    ...line,
    message: { ...line.message, content: `${NOTIFICATION_OPENING}${content}${NOTIFICATION_CLOSING}` },
  };
}

/** What `queuedLines` holds for claude's queued_command line of a folded notification (no prompt of anyone's). */
const NOTIFIED = Symbol("notification");

/** The kinds of content block the reader turns into messages; thinking without its signature is left out knowingly. */
const READ_KINDS = new Set(["text", "thinking", "redacted_thinking", "tool_use", "tool_result", "file"]);

/**
 * The kinds of block of a line that are not sent on: those of a newer transcript format, or of
 * claude's that codebot does not handle (`image`, `document`, a server tool's), one each.
 */
function unreadKinds(line: TranscriptLine): string[] {
  // The history holds a deferred-tools note too, which has no message.
  const content = (line.message as TranscriptLine["message"] | undefined)?.content;
  if (!Array.isArray(content)) return [];
  return [...new Set(content.map((block) => block.type).filter((kind) => !READ_KINDS.has(kind)))];
}

/** The tools a compaction boundary keeps loaded (claude's `compactMetadata.preCompactDiscoveredTools`). */
function discoveredToolsOf(line: CheckedLine): string[] {
  const metadata = (line as { compactMetadata?: { preCompactDiscoveredTools?: unknown } }).compactMetadata;
  const tools = metadata?.preCompactDiscoveredTools;
  return Array.isArray(tools) ? tools.filter((name): name is string => typeof name === "string") : [];
}

/**
 * A built-in command's output (its `local_command` line, local-command-lines.ts) as the user
 * message claude 2.1.328 sends it on resume (recorded); a command without output (`/clear`) sends nothing.
 */
function commandOutputOf(line: CheckedLine): TranscriptLine | undefined {
  const content = (line as { content?: unknown }).content;
  if (line.subtype !== "local_command" || typeof content !== "string") return undefined;
  if (
    !content.startsWith("<local-command-stdout>") ||
    content === "<local-command-stdout></local-command-stdout>"
  )
    return undefined;
  return { ...(line as TranscriptLine), type: "user", message: { role: "user", content } };
}

const CUT_OFF = "cut off (the session ended while writing it)";

function parseLine(raw: string, unterminated: boolean): { line: CheckedLine } | { problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    return { problem: unterminated || endsBeforeItsJson(raw, error) ? CUT_OFF : "not JSON" };
  }
  const checked = checkLine(value);
  return "problem" in checked ? { problem: `not a transcript line (${checked.problem})` } : checked;
}

/**
 * A line cut short by a crash (which the next session ended with a newline) fails to parse where
 * its text ends: V8 says "Unexpected end of JSON input" or gives the line's length as the position.
 */
function endsBeforeItsJson(raw: string, error: unknown): boolean {
  const message = error instanceof Error ? error.message : "";
  const position = /at position (\d+)/.exec(message)?.[1];
  return message.includes("end of JSON input") || Number(position) === raw.length;
}

function toModelMessage(line: TranscriptLine): ModelMessage[] {
  const { content } = line.message;
  if (line.type === "assistant") {
    const blocks = typeof content === "string" ? [{ type: "text" as const, text: content }] : content;
    const parts: Exclude<AssistantModelMessage["content"], string> = [];
    for (const block of blocks) {
      const thinking = signedThinking(block);
      if (thinking) parts.push(thinking);
      if (block.type === "text" && block.text) parts.push({ type: "text", text: block.text });
      // A call's arguments go back as an object (what providers take; an older codebot wrote a model's list as it came).
      if (block.type === "tool_use")
        parts.push({
          type: "tool-call",
          toolCallId: block.id,
          // Written as Claude Code names it (`Bash`), by codebot and by claude; older codebots wrote `bash`.
          toolName: toolOfExactName(block.name),
          input: objectOr(block.input),
        });
    }
    return parts.length > 0 ? [{ role: "assistant", content: parts }] : [];
  }
  if (typeof content === "string") return [{ role: "user", content }];
  if (content.length > 0 && content.every((b) => b.type === "tool_result")) return [toolMessage(content)];
  const parts: Exclude<UserModelMessage["content"], string> = content.flatMap((block) => userPart(block));
  return parts.length > 0 ? [{ role: "user", content: parts }] : [];
}

/**
 * A thinking block the API signed (or redacted), to send back unchanged as claude 2.1.328 does on
 * `--resume` (recorded): the API refuses a tool-use turn's thinking changed or left out. One
 * without its signature (an older transcript's) is left out, as the API would refuse it.
 */
function signedThinking(block: TranscriptBlock): Extract<AssistantPart, { type: "reasoning" }> | undefined {
  if (block.type === "redacted_thinking" && typeof block.data === "string")
    return { type: "reasoning", text: "", providerOptions: { anthropic: { redactedData: block.data } } };
  if (block.type === "thinking" && typeof block.thinking === "string" && typeof block.signature === "string")
    return {
      type: "reasoning",
      text: block.thinking,
      providerOptions: { anthropic: { signature: block.signature } },
    };
  return undefined;
}

type AssistantPart = Exclude<AssistantModelMessage["content"], string>[number];

function objectOr(input: unknown): unknown {
  return typeof input === "object" && input !== null && !Array.isArray(input) ? input : {};
}

function userPart(block: TranscriptBlock): { type: "text"; text: string }[] {
  if (block.type === "text") return [{ type: "text", text: block.text }];
  if (block.type === "file")
    return [{ type: "text", text: `[a ${block.media_type} file was attached here]` }];
  return [];
}

/** Tool names are not on result lines; `withResults` fills them in from the calls. */
function toolMessage(blocks: TranscriptBlock[]): ToolModelMessage {
  return {
    role: "tool",
    content: blocks.flatMap((b) =>
      b.type === "tool_result"
        ? [
            {
              type: "tool-result" as const,
              toolCallId: b.tool_use_id,
              toolName: "",
              output: resultOutput(b.content, b.is_error),
            },
          ]
        : [],
    ),
  };
}

/** A result's output: its text, or the tools a tool search's result loads (claude's `tool_reference` blocks). */
function resultOutput(
  content: Extract<TranscriptBlock, { type: "tool_result" }>["content"],
  isError: boolean,
) {
  if (typeof content !== "string")
    return { type: "content" as const, value: content.map((ref) => toolReferencePart(ref.tool_name)) };
  return isError
    ? { type: "error-text" as const, value: content }
    : { type: "text" as const, value: content };
}

/**
 * Every tool call answered, as providers require: results get their call's tool name; a result
 * whose call is gone is dropped; a call without a result (the session ended mid-call) gets an
 * error result right after its message — reported and returned as `interrupted`, unless an
 * earlier resume has written that error result (it comes later in the transcript).
 */
function withResults(
  messages: ModelMessage[],
  skipped: string[],
): { messages: ModelMessage[]; interrupted: ToolModelMessage["content"] } {
  const writtenBack = new Set(
    messages.flatMap((message) =>
      message.role === "tool"
        ? message.content.flatMap((part) =>
            part.type === "tool-result" && isInterrupted(part.output) ? [part.toolCallId] : [],
          )
        : [],
    ),
  );
  const out: ModelMessage[] = [];
  const interrupted: ToolModelMessage["content"] = [];
  let open = new Map<string, string>();
  const closeOpen = () => {
    if (open.size === 0) return;
    const results = [...open].map(([toolCallId, toolName]) => ({
      type: "tool-result" as const,
      toolCallId,
      toolName,
      output: { type: "error-text" as const, value: INTERRUPTED },
    }));
    for (const result of results) {
      if (writtenBack.has(result.toolCallId)) continue;
      skipped.push(
        `tool call ${result.toolCallId} (${result.toolName}) has no result; it is marked interrupted`,
      );
      interrupted.push(result);
    }
    out.push({ role: "tool", content: results });
    open = new Map();
  };
  for (const message of messages) {
    if (message.role === "tool") {
      const content = message.content.flatMap((part) => {
        if (part.type !== "tool-result") return [];
        const name = open.get(part.toolCallId);
        if (name === undefined) return [];
        open.delete(part.toolCallId);
        return [{ ...part, toolName: name }];
      });
      if (content.length > 0) out.push({ role: "tool", content });
      continue;
    }
    closeOpen();
    out.push(message);
    if (message.role === "assistant" && typeof message.content !== "string") {
      for (const part of message.content)
        if (part.type === "tool-call") open.set(part.toolCallId, part.toolName);
    }
  }
  closeOpen();
  return { messages: out, interrupted };
}

function isInterrupted(output: { type: string; value?: unknown }): boolean {
  return output.type === "error-text" && output.value === INTERRUPTED;
}
