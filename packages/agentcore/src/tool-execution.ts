import { defaultMaxListeners, getMaxListeners, setMaxListeners } from "node:events";
import type { ModelMessage } from "ai";
import { schemaNotSentNote } from "./deferred-tool-error-note.js";
import type { AgentEvent, ExecutedCall } from "./events.js";
import type { Tool, ToolContext, ToolMiddleware, ToolResult } from "./tool.js";
import {
  checkArgs,
  errorResult,
  type ModelToolCall,
  type PreparedCall,
  prepareCall,
  runPipeline,
} from "./tool-pipeline.js";

/** Abort listeners one call may add to the run's signal, with room to spare. */
const LISTENERS_PER_CALL = 8;

/** How long an aborted tool may take to wind down (and report what it did) before it is given up on. */
export const ABORT_GRACE_MS = 2000;

/** How many calls of one concurrent group run at once unless told otherwise (Claude Code's default). */
export const DEFAULT_TOOL_CONCURRENCY = 10;

export interface ToolExecutionOptions {
  tools: ReadonlyMap<string, Tool>;
  middleware: readonly ToolMiddleware[];
  signal: AbortSignal;
  agentName: string;
  emit: (event: AgentEvent) => void;
  delivered: () => Promise<void>;
  /** How many calls of a concurrent group run at once (default DEFAULT_TOOL_CONCURRENCY). */
  concurrency?: number;
  /**
   * The conversation so far and the tool search's name, when tools are deferred: a deferred tool
   * called without being loaded whose own call fails gets claude's note with its schema
   * (schemaNotSentNote).
   */
  deferred?: { history: () => readonly ModelMessage[]; searchTool: string };
}

/**
 * Runs the tool calls of one model turn and returns their results in the model's order. As in
 * Claude Code, the calls are cut into groups in order: a run of neighbouring calls that are each
 * concurrency-safe (tool.ts) runs at the same time, up to `concurrency` at once; every other call
 * runs alone, after the calls before it and before the ones after it. After an abort, calls that
 * did not finish get an `aborted` error result, so every call in the history has its result.
 */
export async function executeToolCalls(
  calls: readonly ModelToolCall[],
  options: ToolExecutionOptions,
): Promise<ExecutedCall[]> {
  const executed: ExecutedCall[] = [];
  for (const group of concurrencyGroups(calls.map((raw) => prepareCall(raw, options.tools)))) {
    if (group.length === 1) executed.push(await executeOne(group[0] as PreparedCall, options));
    else executed.push(...(await executeTogether(group, options)));
  }
  return executed;
}

/** The calls in order, neighbouring concurrency-safe ones together (Claude Code's partition). */
function concurrencyGroups(prepared: readonly PreparedCall[]): PreparedCall[][] {
  const groups: { safe: boolean; calls: PreparedCall[] }[] = [];
  for (const p of prepared) {
    const safe = isConcurrencySafe(p);
    const last = groups.at(-1);
    if (safe && last?.safe) last.calls.push(p);
    else groups.push({ safe, calls: [p] });
  }
  return groups.map((g) => g.calls);
}

/** A call whose arguments were refused runs alone, as Claude Code decides on checked arguments only. */
function isConcurrencySafe(p: PreparedCall): boolean {
  if (p.kind === "rejected") return false;
  const { concurrencySafe } = p.tool;
  if (typeof concurrencySafe !== "function") return concurrencySafe === true;
  try {
    return concurrencySafe(p.call.args);
  } catch {
    return false;
  }
}

/** A group's calls, `concurrency` at a time, each starting as soon as one before it ends. */
async function executeTogether(
  group: readonly PreparedCall[],
  options: ToolExecutionOptions,
): Promise<ExecutedCall[]> {
  const width = Math.min(group.length, Math.max(1, options.concurrency ?? DEFAULT_TOOL_CONCURRENCY));
  // Each running call listens on the run's signal (the call itself, its tool, its hooks): ten
  // reads at once are not a leak, and Node's warning at 11 would reach the user's terminal.
  const wanted = width * LISTENERS_PER_CALL + defaultMaxListeners;
  if (getMaxListeners(options.signal) < wanted) setMaxListeners(wanted, options.signal);
  const executed: ExecutedCall[] = new Array(group.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < group.length) {
      const index = next++;
      executed[index] = await executeOne(group[index] as PreparedCall, options);
    }
  };
  await Promise.all(Array.from({ length: width }, lane));
  return executed;
}

async function executeOne(prepared: PreparedCall, options: ToolExecutionOptions): Promise<ExecutedCall> {
  const { call } = prepared;
  options.emit({ type: "tool_execution_start", call });
  let result: ToolResult;
  if (prepared.kind === "rejected") result = prepared.result;
  else if (options.signal.aborted) result = abortedResult(call.name);
  else {
    const { tool } = prepared;
    const ctx: ToolContext = {
      callId: call.id,
      signal: options.signal,
      agentName: options.agentName,
      tool,
      validateArgs: (args) => checkArgs(tool, args),
      onUpdate: (partial) => options.emit({ type: "tool_execution_update", callId: call.id, partial }),
      permission: {},
      eventsDelivered: options.delivered,
    };
    let reached = false;
    result = await settleWithinGrace(
      runPipeline(call, tool, options.middleware, ctx, () => {
        reached = true;
      }),
      options.signal,
      call.name,
    );
    // After the hooks (PostToolUseFailure saw the tool's own error), as claude 2.1.328 adds it.
    const note =
      reached && result.isError && options.deferred && !options.signal.aborted
        ? schemaNotSentNote(tool, options.deferred.searchTool, options.deferred.history())
        : undefined;
    if (note !== undefined) result = { ...result, content: result.content + note };
  }
  options.emit({ type: "tool_execution_end", call, result });
  return { call, result };
}

function abortedResult(name: string): ToolResult {
  return errorResult(abortedCallText(name));
}

/** The error result of a call the run's abort cut off (not started, or not done within the grace period). */
export function abortedCallText(name: string): string {
  return `tool ${name}: aborted`;
}

/** The tool's own result, unless the run was aborted and the tool has not finished within the grace period. */
async function settleWithinGrace(
  work: Promise<ToolResult>,
  signal: AbortSignal,
  name: string,
): Promise<ToolResult> {
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const givenUp = new Promise<ToolResult>((resolve) => {
    onAbort = () => {
      timer = setTimeout(() => resolve(abortedResult(name)), ABORT_GRACE_MS);
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
  try {
    return await Promise.race([work, givenUp]);
  } finally {
    clearTimeout(timer);
    if (onAbort) signal.removeEventListener("abort", onAbort);
  }
}
