import { SUMMARY_PREAMBLE, type ToolResult } from "@codebot/agentcore";
import type { ModelMessage, ToolResultPart } from "ai";
import { notificationSummaries } from "../../agents/task-notification.js";
import { isInterruptionNote } from "../../transcript/interruption-line.js";
import { queuedPromptOf, senderOfMessage } from "../../transcript/line-sender.js";
import { promptAsTyped } from "../../transcript/local-command-lines.js";
import { GLYPH_PROMPT_MARKS, promptRows, WORD_PROMPT_MARKS } from "../interactive/prompt-rows.js";
import { GLYPH_MARKS, WORD_MARKS } from "./line-marks.js";
import type { Styles } from "./styles.js";
import { terminalSafe } from "./terminal-safe.js";
import { callSummary, resultSummary } from "./tool-summary.js";

/** How many entries (prompts, answers, tool calls) a resumed session shows; older ones are counted. */
const RECAP_ENTRIES = 40;
/** Lines of one prompt or answer shown; the rest is counted. */
const ENTRY_LINES = 12;

/** What the live view says under a run you interrupted; a resumed session's recap says it again there. */
export const INTERRUPTED_QUESTION = "interrupted · what should codebot do instead?";

/** An answer's text as the live view shows it (Markdown rendered); the text is terminal-safe already. */
export type AnswerFormat = (text: string) => string;

/**
 * What a resumed session shows of its conversation before the prompt (as Claude Code does): the
 * user's prompts, the answers and one line per tool call with its result, the latest
 * `RECAP_ENTRIES` of them. Hook context and harness reminders are left out, a background task's
 * notification is its summary line — told by the sender its transcript line names (line-sender.ts);
 * a compacted beginning is one line. Answers go through `format` when given (the Markdown renderer,
 * once loaded), so they read as they did when they streamed in. `flat` (screen-reader mode): the
 * marks are the live view's words, not glyphs.
 */
export function historyRecap(
  messages: readonly ModelMessage[],
  s: Styles,
  format?: AnswerFormat,
  width?: number,
  flat = false,
): string[] {
  const marks = flat ? WORD_MARKS : GLYPH_MARKS;
  const prompt = flat ? WORD_PROMPT_MARKS : GLYPH_PROMPT_MARKS;
  const results = new Map<string, ToolResult>();
  for (const message of messages)
    if (message.role === "tool")
      for (const part of message.content)
        if (part.type === "tool-result") results.set(part.toolCallId, resultOf(part.output));

  const entries: string[][] = [];
  for (const message of messages) {
    if (message.role === "user") {
      const sender = senderOfMessage(message);
      if (sender === "notification") {
        const lines = notificationEntry(message.content, s);
        if (lines.length > 0) entries.push(lines);
        continue;
      }
      if (sender === "harness") continue;
      // A message an SDK program sent mid-turn shows as it was sent, a prompt of the user's.
      const text =
        sender === "queued"
          ? queuedPromptOf(message)
          : sender === "user"
            ? typedOf(message.content)
            : promptOf(message.content);
      if (text === undefined) continue;
      if (text.startsWith(SUMMARY_PREAMBLE))
        entries.push([s.dim("(earlier conversation compacted into a summary)")]);
      // The model's marker of an interruption reads as the live view said it (claude's recap: "Interrupted · What should Claude do instead?").
      else if (isInterruptionNote(text)) entries.push([s.yellow(INTERRUPTED_QUESTION)]);
      // A prompt's rows are broken between words, as a sent prompt's (the terminal broke them mid-word).
      else
        entries.push(
          clip(text).flatMap((line, i) => promptRows(`${i === 0 ? prompt.sent : "  "}${line}`, width)),
        );
    } else if (message.role === "assistant") {
      const parts =
        typeof message.content === "string"
          ? [{ type: "text" as const, text: message.content }]
          : message.content;
      for (const part of parts) {
        if (part.type === "text" && part.text.trim() !== "")
          entries.push(clip(part.text, format).map((line, i) => (i === 0 ? `${marks.answer}${line}` : line)));
        if (part.type === "tool-call") {
          const call = { id: part.toolCallId, name: part.toolName, args: argsOf(part.input) };
          const result = results.get(part.toolCallId);
          const mark =
            result === undefined
              ? s.dim(flat ? marks.ok : "·")
              : result.isError
                ? s.red(marks.failed)
                : s.green(marks.ok);
          const outcome =
            result === undefined
              ? s.dim("(no result)")
              : result.isError
                ? s.red(resultSummary(result, call.name))
                : s.dim(resultSummary(result, call.name));
          entries.push([
            `${mark} ${s.bold(terminalSafe(call.name))} ${callSummary(call)} ${s.dim(marks.result)} ${outcome}`,
          ]);
        }
      }
    }
  }
  if (entries.length === 0) return [];
  const shown = entries.slice(-RECAP_ENTRIES);
  const hidden = entries.length - shown.length;
  const title = `earlier in this session${hidden > 0 ? ` (${hidden} older entries not shown)` : ""}`;
  // In screen-reader mode the rules are words: a run of box-drawing lines is read out or skipped.
  if (flat) return [`${title}:`, ...shown.flat(), "end of the earlier conversation"];
  return [s.dim(`── ${title} ──`), ...shown.flat(), s.dim("──")];
}

/** A user message's texts, in order. */
function textsOf(content: ModelMessage["content"]): string[] {
  return typeof content === "string"
    ? [content]
    : content.flatMap((part) => (part.type === "text" ? [part.text] : []));
}

/**
 * The prompt of a message its line says the user sent: its last text, the hooks' context before it
 * left out (user-turn.ts; claude writes the context on lines of its own), shown whatever it starts
 * with — a prompt the user began with `<system-reminder>` is still theirs.
 */
function typedOf(content: ModelMessage["content"]): string | undefined {
  const prompt = promptAsTyped(textsOf(content).at(-1) ?? "").trim();
  return prompt === "" ? undefined : prompt;
}

/**
 * A user message's prompt when its line names no sender (an older codebot's, which wrote no such
 * field, or a line no prompt made): its text without reminders and hook context — a notification
 * came in a `<system-reminder>` —, a built-in command as typed (`/context`, without its caveat and
 * output); undefined when none is left.
 */
function promptOf(content: ModelMessage["content"]): string | undefined {
  const prompt = textsOf(content)
    .filter((text) => !text.trimStart().startsWith("<system-reminder>"))
    .map(promptAsTyped)
    .join("\n")
    .trim();
  return prompt === "" ? undefined : prompt;
}

/**
 * A background task's notification, as the live view said it (session-view.ts) and claude 2.1.328's
 * recap shows it (recorded: `● Background command "sleep a bit" completed (exit code 0)`): a line
 * for each task it tells of, not the text the model read.
 */
function notificationEntry(content: ModelMessage["content"], s: Styles): string[] {
  // The notification is the last text; a hook's context before it is the hook's text, read for nothing.
  return notificationSummaries(textsOf(content).at(-1) ?? "").map(
    ({ summary }) => `${s.cyan("●")} ${terminalSafe(summary)}`,
  );
}

/** The first ENTRY_LINES lines, made safe for the terminal (then formatted), with a count of the rest. */
function clip(text: string, format?: AnswerFormat): string[] {
  const safe = terminalSafe(text.trim());
  const lines = (format ? format(safe).replace(/\n+$/, "") : safe).split("\n");
  if (lines.length <= ENTRY_LINES) return lines;
  return [...lines.slice(0, ENTRY_LINES), `… (${lines.length - ENTRY_LINES} more lines)`];
}

function argsOf(input: unknown): Record<string, unknown> {
  return input !== null && typeof input === "object" && !Array.isArray(input)
    ? (input as Record<string, unknown>)
    : {};
}

function resultOf(output: ToolResultPart["output"]): ToolResult {
  switch (output.type) {
    case "text":
    case "error-text":
      return { content: output.value, isError: output.type === "error-text" };
    case "json":
    case "error-json":
      return { content: JSON.stringify(output.value), isError: output.type === "error-json" };
    case "content":
      return {
        content: output.value.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("\n"),
        isError: false,
      };
    default:
      return { content: "", isError: output.type === "execution-denied" };
  }
}
