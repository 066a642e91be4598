/** The context a bench hands a tool or a middleware, as the kernel would: its validator lets every argument through. */
import type { Tool, ToolContext } from "../packages/agentcore/src/index.js";

export function benchToolContext(tool: Tool, callId: string): ToolContext {
  return {
    callId,
    signal: new AbortController().signal,
    agentName: "main",
    tool,
    validateArgs: (args) => ({ ok: true, args: args as Record<string, unknown> }),
    onUpdate() {},
    permission: {},
    eventsDelivered: async () => {},
  };
}
