/**
 * The one kernel tool middleware through which every tool call of every agent passes (§9.1):
 * PreToolUse before `next()` (veto, rewrite, context, Claude Code's permission answers), then
 * PostToolUse (and PostToolUseFailure for a failed call) after it: native hooks observe in the
 * background, Claude Code groups are waited for and may speak to the model (§11).
 */
import type { ToolCall, ToolContext, ToolMiddleware, ToolNext, ToolResult } from "@codebot/agentcore";
import { type Allow, type Decision, toolRefusal, type UpdatedOutput } from "./decision.js";
import type { EventInputs } from "./event-inputs.js";
import { withReminders } from "./system-reminder.js";

/**
 * What the harness does with Claude Code's `permissionDecision: "ask"`. (An `allow` needs no
 * harness call: it is written into the call's permission slot, which the approval reads.)
 */
export interface ToolPermissions {
  /**
   * `ask`: puts this call to the user; a yes must also let the call skip the permission question.
   * With nobody to ask, the answer is a refusal with a reason for the model.
   */
  ask(request: {
    call: ToolCall;
    ctx: ToolContext;
    reason?: string;
    hook: string;
  }): Promise<{ allowed: true } | { allowed: false; reason: string }>;
  /**
   * A PreToolUse hook refused the call (a block, a `deny`, an `ask` nobody allowed, a `deny`
   * beside `continue: false`; not `continue: false` alone, which ends the run): claude 2.1.328
   * lists such a call in `permission_denials`, as it lists the calls its rules refuse.
   */
  refused?(call: ToolCall): void;
}

type AfterEvent = "PostToolUse" | "PostToolUseFailure";

/** The part of the runner the middleware uses. */
export interface ToolHooks {
  /** Asked at every call: scoped hooks (a loaded skill's, a sub-agent's) come and go. */
  hasHooks(event: "PreToolUse" | AfterEvent): boolean;
  preToolUse(input: EventInputs["PreToolUse"] & { signal?: AbortSignal }): Promise<Decision>;
  postToolUse(input: EventInputs["PostToolUse"] & { signal?: AbortSignal }): Promise<Decision>;
  postToolUseFailure(input: EventInputs["PostToolUseFailure"] & { signal?: AbortSignal }): Promise<Decision>;
  /** Marks a tool call as foreground work, which background hooks wait for (bounded). */
  foreground<T>(work: () => Promise<T>): Promise<T>;
  permissions?: ToolPermissions;
  /** A hook answered `continue: false`: the harness ends the run. */
  onStopRun?: (stop: { reason: string; hook: string }) => void;
  /** Something a hook gave was ignored (a replacement result not in the tool's shape): for the user. */
  onWarning?: (message: string) => void;
}

/** A warning reporter that says each message once (a hook repeating itself at every call). */
function once(report: (message: string) => void): (message: string) => void {
  const said = new Set<string>();
  return (message) => {
    if (said.has(message)) return;
    said.add(message);
    report(message);
  };
}

/**
 * Arguments a hook's rewrite gave that the tool does not take are dropped by its schema (Claude
 * Code's Bash `run_in_background`, which Butanium/claude-code-hooks sets to move a `sleep` to the
 * background): the call runs without them, and the user learns which hook's were.
 */
function warnDropped(
  hooks: ToolHooks,
  tool: string,
  given: Record<string, unknown>,
  taken: Record<string, unknown>,
  by: string | undefined,
): void {
  const dropped = Object.keys(given).filter((key) => !Object.hasOwn(taken, key));
  if (dropped.length > 0)
    hooks.onWarning?.(
      `hook ${by}: ${tool} takes no ${dropped.join(", ")}; dropped from its rewritten arguments`,
    );
}

function errorResult(content: string): ToolResult {
  return { content, isError: true };
}

export function createHookMiddleware(given: ToolHooks): ToolMiddleware {
  const hooks = given.onWarning ? { ...given, onWarning: once(given.onWarning) } : given;
  // Asked at every call: the hooks may be reloaded during the session (a settings file changed).
  const toolHooks = () =>
    hooks.hasHooks("PreToolUse") || hooks.hasHooks("PostToolUse") || hooks.hasHooks("PostToolUseFailure");
  // Without tool hooks a call only has to be marked as foreground work (other events' async hooks wait).
  return (call, next, ctx) =>
    hooks.foreground(() => (toolHooks() ? around(hooks, call, next, ctx) : next(call)));
}

async function around(
  hooks: ToolHooks,
  call: ToolCall,
  next: ToolNext,
  ctx: ToolContext,
): Promise<ToolResult> {
  let runCall = call;
  const reminders: string[] = [];
  if (hooks.hasHooks("PreToolUse")) {
    // The assistant message with this call reaches the listeners first (a transcript a hook reads
    // has its line, a stream-json reader sees it before the hook's lines), whatever the hooks'
    // own steps cost until they start.
    await ctx.eventsDelivered();
    const decision = await hooks.preToolUse({
      tool: call.name,
      toolUseId: call.id,
      args: call.args,
      agentName: ctx.agentName,
      signal: ctx.signal,
    });
    switch (decision.kind) {
      case "stop":
        hooks.onStopRun?.({ reason: decision.reason, hook: decision.by });
        if (decision.refusal !== undefined) hooks.permissions?.refused?.(call);
        return errorResult(toolRefusal(decision));
      case "block": {
        hooks.permissions?.refused?.(call);
        const context = decision.context ? [`PreToolUse hook context:\n${decision.context}`] : [];
        return withReminders(errorResult(toolRefusal(decision)), context);
      }
    }
    // A cancelled run must not start the tool, even if the hook that was killed "allowed" it.
    if (ctx.signal.aborted) return errorResult("hook: run cancelled before the tool started");
    if (decision.updatedInput) {
      // Rewritten arguments are checked like the model's own, and a bad rewrite names its hook.
      const check = ctx.validateArgs(decision.updatedInput);
      if (!check.ok) {
        return errorResult(`hook ${decision.updatedBy}: rewritten arguments are invalid: ${check.error}`);
      }
      runCall = { ...call, args: check.args };
      warnDropped(hooks, call.name, decision.updatedInput, check.args, decision.updatedBy);
    }
    const refused = await permissionAnswer(hooks, decision, runCall, ctx);
    if (refused) return refused;
    if (decision.context) reminders.push(`PreToolUse hook context:\n${decision.context}`);
  }
  const started = performance.now();
  let result = await next(runCall);
  const durationMs = Math.round(performance.now() - started);
  const after = await afterTool(hooks, runCall, result, ctx, durationMs);
  reminders.push(...after.reminders);
  if (after.replaced !== undefined) result = after.replaced;
  // What hooks tell the model travels with the tool result, after it, as tagged reminders.
  return withReminders(result, reminders);
}

/** Claude Code's `permissionDecision`: ask the user, or let the call skip the question. */
async function permissionAnswer(
  hooks: ToolHooks,
  decision: Allow,
  call: ToolCall,
  ctx: ToolContext,
): Promise<ToolResult | undefined> {
  const permission = decision.permission;
  if (permission?.answer === "allow") {
    ctx.permission.preApprovedBy = permission.by;
    return undefined;
  }
  if (permission?.answer !== "ask") return undefined;
  const hook = permission.by;
  const request = { call, ctx, hook, ...(permission.reason ? { reason: permission.reason } : {}) };
  const answer = hooks.permissions
    ? await hooks.permissions.ask(request)
    : { allowed: false as const, reason: permission.reason ?? `${hook} asks for confirmation` };
  if (answer.allowed) return undefined;
  hooks.permissions?.refused?.(call);
  return errorResult(`hook: ${answer.reason}`);
}

/**
 * Fires PostToolUse, and PostToolUseFailure for a failed call. Native hooks only observe; the
 * Claude Code groups are waited for, and their block reasons and context go to the model.
 */
async function afterTool(
  hooks: ToolHooks,
  call: ToolCall,
  result: ToolResult,
  ctx: ToolContext,
  durationMs: number,
): Promise<{ reminders: string[]; replaced?: ToolResult }> {
  // A call refused permission never ran (PermissionDenied fired for it): an audit of what ran must not list it.
  if (ctx.permission?.refused === true) return { reminders: [] };
  const post = hooks.hasHooks("PostToolUse");
  const failure = result.isError && hooks.hasHooks("PostToolUseFailure");
  if (!post && !failure) return { reminders: [] };
  const input = {
    tool: call.name,
    toolUseId: call.id,
    args: call.args,
    output: result.content,
    ...(result.data ? { resultData: result.data } : {}),
    ...(result.blocks ? { resultBlocks: result.blocks } : {}),
    isError: result.isError,
    agentName: ctx.agentName,
    durationMs,
    isInterrupt: ctx.signal.aborted,
    signal: ctx.signal,
  };
  const fired: [AfterEvent, Promise<Decision>][] = [];
  if (post) fired.push(["PostToolUse", hooks.postToolUse(input)]);
  if (failure) fired.push(["PostToolUseFailure", hooks.postToolUseFailure(input)]);
  const reminders: string[] = [];
  let replaced: ToolResult | undefined;
  let stopped = false;
  for (const [event, pending] of fired) {
    const decision = await pending;
    if (event === "PostToolUse" && decision.kind !== "stop" && decision.updatedOutputs) {
      const content = replacedContent(decision.updatedOutputs, call, ctx, hooks);
      if (content !== undefined) replaced = { content, isError: result.isError };
    }
    if (decision.kind === "stop") {
      if (!stopped) hooks.onStopRun?.({ reason: decision.reason, hook: decision.by });
      stopped = true;
      continue;
    }
    if (decision.kind === "block") reminders.push(`${event} hook feedback:\n${decision.reason}`);
    if (decision.context) reminders.push(`${event} hook context:\n${decision.context}`);
  }
  return { reminders, ...(replaced ? { replaced } : {}) };
}

/**
 * What the model reads instead of the result, from the last replacement that fits the tool, as in
 * claude 2.1.328: an MCP tool takes any value (`updatedToolOutput` or `updatedMCPToolOutput`);
 * another tool only an `updatedToolOutput` in its own result shape (`contentFromData`: Claude
 * Code's Bash and Read shapes for `bash` and `read`). One that fits nothing is ignored, and said.
 */
function replacedContent(
  outputs: readonly UpdatedOutput[],
  call: ToolCall,
  ctx: ToolContext,
  hooks: ToolHooks,
): string | undefined {
  const mcp = call.name.startsWith("mcp__");
  for (const output of [...outputs].reverse()) {
    if (mcp) return outputText(output.value);
    if (output.mcpOnly) continue;
    const content = ctx.tool.contentFromData?.(output.value);
    if (content !== undefined) return content;
    const why = ctx.tool.contentFromData
      ? `is not in the shape of ${call.name}'s result (the tool_response it was given)`
      : `cannot replace ${call.name}'s result`;
    hooks.onWarning?.(`hook ${output.by}: its updatedToolOutput ${why}; the model got the tool's own result`);
  }
  return undefined;
}

/** A replacement output as text: a string as is, MCP content blocks by their text, anything else as JSON. */
function outputText(value: unknown): string {
  if (typeof value === "string") return value;
  const blocks = Array.isArray(value)
    ? value
    : value !== null && typeof value === "object" && Array.isArray((value as { content?: unknown }).content)
      ? (value as { content: unknown[] }).content
      : undefined;
  if (blocks?.every((b) => typeof (b as { text?: unknown } | null)?.text === "string"))
    return blocks.map((b) => (b as { text: string }).text).join("\n");
  return JSON.stringify(value);
}
