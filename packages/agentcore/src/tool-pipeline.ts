import type { z } from "zod";
import type { ArgsCheck, Tool, ToolCall, ToolContext, ToolMiddleware, ToolResult } from "./tool.js";

/** A tool call as it came from the model, before the kernel has looked at it. */
export interface ModelToolCall {
  id: string;
  name: string;
  /** The parsed JSON arguments (`{}` when they did not parse). */
  input: unknown;
  /** Set when the argument text was not valid JSON: the parser's complaint and the raw text. */
  invalidJson?: { message: string; text: string };
}

/** A model tool call after lookup and validation: ready to run, or already answered with an error. */
export type PreparedCall =
  | { kind: "ready"; call: ToolCall; tool: Tool }
  | { kind: "rejected"; call: ToolCall; result: ToolResult };

export function errorResult(content: string): ToolResult {
  return { content, isError: true };
}

/** One line per problem, naming the field: `command: Invalid input: expected string, received number`. */
export function formatIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length > 0 ? issue.path.join(".") : "(arguments)"}: ${issue.message}`)
    .join("; ");
}

/** Validates arguments against a tool's schema; the checked value is frozen so nobody rewrites it in place. */
export function checkArgs(tool: Tool, args: unknown): ArgsCheck {
  const parsed = tool.inputSchema.safeParse(args);
  if (!parsed.success) return { ok: false, error: formatIssues(parsed.error) };
  const value: unknown = parsed.data;
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return { ok: false, error: "(arguments): expected an object" };
  }
  return { ok: true, args: deepFreeze(value as Record<string, unknown>) };
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** Finds the tool and checks the model's arguments; failures become error results for the model. */
export function prepareCall(raw: ModelToolCall, tools: ReadonlyMap<string, Tool>): PreparedCall {
  const tool = tools.get(raw.name);
  const input = raw.input === null || typeof raw.input !== "object" ? {} : raw.input;
  const unchecked: ToolCall = { id: raw.id, name: raw.name, args: input as Record<string, unknown> };
  const rejected = (message: string): PreparedCall => ({
    kind: "rejected",
    call: unchecked,
    result: errorResult(message),
  });
  if (!tool) {
    // A placeholder sent only to keep deferred loading on is no tool to suggest.
    const offered = [...tools.values()].filter((t) => t.deferLoading !== "always");
    const known = offered.map((t) => t.name).join(", ") || "none";
    return rejected(`unknown tool: ${raw.name} (available: ${known})`);
  }
  if (raw.invalidJson) {
    const { message, text } = raw.invalidJson;
    const excerpt = text.length > 200 ? `${text.slice(0, 200)}…` : text;
    return rejected(`tool ${raw.name}: arguments are not valid JSON (${message}): ${excerpt}`);
  }
  const check = checkArgs(tool, raw.input);
  if (!check.ok) return rejected(`tool ${raw.name}: invalid arguments: ${check.error}`);
  return { kind: "ready", call: Object.freeze({ id: raw.id, name: raw.name, args: check.args }), tool };
}

/**
 * Runs a prepared call through the middleware chain (first listed = outermost) and the tool.
 * A call handed to `next` with new arguments is re-validated before it goes further; a throw
 * anywhere becomes an error result.
 */
export async function runPipeline(
  call: ToolCall,
  tool: Tool,
  middleware: readonly ToolMiddleware[],
  ctx: ToolContext,
  /** Called as the call reaches the tool itself (no middleware answered it). */
  reached?: () => void,
): Promise<ToolResult> {
  const layer = (index: number, incoming: ToolCall): Promise<ToolResult> => {
    const current = middleware[index];
    if (current === undefined) {
      reached?.();
      return tool.execute(incoming.args, ctx);
    }
    return current(
      incoming,
      (next) => {
        if (next === incoming) return layer(index + 1, incoming);
        const checked = recheck(incoming, next, ctx);
        return "isError" in checked ? Promise.resolve(checked) : layer(index + 1, checked);
      },
      ctx,
    );
  };
  try {
    const result = await layer(0, call);
    if (result === null || typeof result !== "object" || typeof result.content !== "string") {
      return errorResult(`tool ${call.name}: returned no result`);
    }
    return result;
  } catch (error) {
    return errorResult(`tool ${call.name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * Checks a call a middleware handed to `next`: same id and name, arguments valid for the tool.
 * A bad rewrite is answered with an error result, which the middleware that made it gets back.
 */
function recheck(incoming: ToolCall, next: ToolCall, ctx: ToolContext): ToolCall | ToolResult {
  if (next.id !== incoming.id || next.name !== incoming.name) {
    return errorResult(`tool ${incoming.name}: a middleware may not change the call's id or name`);
  }
  if (next.args === incoming.args) return next;
  const check = ctx.validateArgs(next.args);
  if (!check.ok) return errorResult(`tool ${incoming.name}: rewritten arguments are invalid: ${check.error}`);
  return Object.freeze({ id: incoming.id, name: incoming.name, args: check.args });
}
