import type { Tool, ToolContext } from "@codebot/agentcore";

/** A real tool context for calling a tool directly (what the kernel passes). */
export function toolContext(
  tool: Tool,
  signal = new AbortController().signal,
  agentName = "main",
): ToolContext {
  return {
    callId: "call-1",
    signal,
    agentName,
    tool,
    validateArgs(args) {
      const parsed = tool.inputSchema.safeParse(args);
      return parsed.success ? { ok: true, args: parsed.data } : { ok: false, error: parsed.error.message };
    },
    onUpdate() {},
    permission: {},
    eventsDelivered: async () => {},
  };
}

/** Validates `args` with the tool's schema (as the kernel does), then runs the tool: its whole result. */
export async function runTool(tool: Tool, args: Record<string, unknown>, signal?: AbortSignal) {
  const parsed = tool.inputSchema.parse(args);
  return tool.execute(parsed, toolContext(tool, signal));
}

/** What the model reads of a call's result: `runTool`'s without `data` (which is for hooks). */
export async function callTool(tool: Tool, args: Record<string, unknown>, signal?: AbortSignal) {
  const { data: _forHooks, ...read } = await runTool(tool, args, signal);
  return read;
}
