/**
 * Claude Code's "async reply": a command hook whose first line of stdout is a JSON object with
 * `"async": true` (optionally `"asyncTimeout"`, in milliseconds) tells the harness not to wait
 * for it. Claude Code then goes on at once and lets the process run in the background; hooks that
 * do slow work (the security-guidance plugin builds a Python environment at SessionStart) rely
 * on it. The line is never a decision or context.
 */
import { timerDelayMs } from "@codebot/agentcore";
import { interpret } from "./interpret.js";
import { capForModel } from "./model-text-cap.js";

/** Longest first line looked at: the reply is a short object, and a long line never is one. */
export const ASYNC_REPLY_MAX_BYTES = 4096;

/** What an async reply asks for: its own time limit, when it names one. */
export interface AsyncReply {
  timeoutMs?: number;
}

/** The async reply in `firstLine` (without its newline), or undefined when it is none. */
export function parseAsyncReply(firstLine: string): AsyncReply | undefined {
  let value: unknown;
  try {
    value = JSON.parse(firstLine);
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const reply = value as { async?: unknown; asyncTimeout?: unknown };
  if (reply.async !== true) return undefined;
  const timeout = reply.asyncTimeout;
  return typeof timeout === "number" && Number.isFinite(timeout) && timeout > 0
    ? { timeoutMs: timerDelayMs(timeout) }
    : {};
}

/**
 * What the model is told of the output a hook printed after its async reply, once it ended by
 * itself: its `systemMessage` and its `additionalContext`, one line after the other, as claude
 * 2.1.328 gives them on the model's next request (checked: a later block, `continue: false`, plain
 * text or an exit 2 reached neither the model nor the run). Undefined when it said neither.
 */
export function saidAfterAsyncReply(stdout: string): string | undefined {
  const verdict = interpret({ stdout, stderr: "", exitCode: 0 });
  if (!verdict.stdoutIsJson) return undefined;
  const said = [verdict.systemMessage, verdict.additionalContext].filter((text) => text !== undefined);
  return said.length ? capForModel(said.join("\n")) : undefined;
}
