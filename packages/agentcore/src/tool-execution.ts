import { defaultMaxListeners, getMaxListeners, setMaxListeners } from "node:events";
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

export interface ToolExecutionOptions {
  tools: ReadonlyMap<string, Tool>;
  middleware: readonly ToolMiddleware[];
  signal: AbortSignal;
  agentName: string;
  emit: (event: AgentEvent) => void;
  delivered: () => Promise<void>;
}

/**
 * Runs the tool calls of one model turn and returns their results in the model's order. When every
 * call is read-only they run concurrently; otherwise one after another. After an abort, calls that
 * did not finish get an `aborted` error result, so every call in the history has its result.
 */
export async function executeToolCalls(
  calls: readonly ModelToolCall[],
  options: ToolExecutionOptions,
): Promise<ExecutedCall[]> {
  const prepared = calls.map((raw) => prepareCall(raw, options.tools));
  const concurrent = prepared.every((p) => p.kind === "rejected" || p.tool.readOnly === true);
  if (concurrent) {
    // Each call of the batch listens on the run's signal (the call itself, its tool, its hooks):
    // fifty reads at once are not a leak, and Node's warning at 11 would reach the user's terminal.
    const wanted = prepared.length * LISTENERS_PER_CALL + defaultMaxListeners;
    if (getMaxListeners(options.signal) < wanted) setMaxListeners(wanted, options.signal);
    return Promise.all(prepared.map((p) => executeOne(p, options)));
  }
  const executed: ExecutedCall[] = [];
  for (const p of prepared) executed.push(await executeOne(p, options));
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
      signal: options.signal,
      agentName: options.agentName,
      tool,
      validateArgs: (args) => checkArgs(tool, args),
      onUpdate: (partial) => options.emit({ type: "tool_execution_update", callId: call.id, partial }),
      permission: {},
      eventsDelivered: options.delivered,
    };
    result = await settleWithinGrace(
      runPipeline(call, tool, options.middleware, ctx),
      options.signal,
      call.name,
    );
  }
  options.emit({ type: "tool_execution_end", call, result });
  return { call, result };
}

function abortedResult(name: string): ToolResult {
  return errorResult(`tool ${name}: aborted`);
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
